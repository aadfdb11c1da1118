import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { inputKey, objectIdentity } from '../../functions/adapters/bulk-jobs/job-objects.js';
import { handler as statements } from '../../functions/handlers/create-historical-statements.js';
import { handler as notes } from '../../functions/handlers/create-notes.js';
import { handler as paymentInstruction } from '../../functions/handlers/create-payment-instruction.js';
import { handler as transactions } from '../../functions/handlers/create-transactions.js';
import { handler as process } from '../../functions/handlers/process-account.js';
import { handler as stage } from '../../functions/handlers/stage-account.js';
import { handler as validate } from '../../functions/handlers/validate-account.js';
import { claimExpiresAt } from '../../functions/rules/claims/claim.js';
import { readChunk } from '../../functions/store/bulk-job-line-store.js';
import { claimRead, markReadDone } from '../../functions/store/bulk-job-read-claim-store.js';
import { markStarted } from '../../functions/store/bulk-job-store.js';
import { setSupplierStatus } from '../../functions/store/supplier-store.js';
import type { StepHandlers } from '../../functions/use-cases/bulk-jobs/in-process-steps.js';
import { runBulkJobChunk } from '../../functions/use-cases/bulk-jobs/run-bulk-job-chunk.js';
import { accountPayload } from '../accounts/support/accounts.js';
import { newSupplierWithKey } from '../accounts/support/seed-processes.js';
import { obtainToken } from '../support/auth.js';
import { createJob, resultsOf, upload, waitForJob } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

describe('a supplier paused while a line runs stops new lines only: the line in flight runs again, whole, after the resume', () => {
  it('the notes step refused import_supplier_paused hands the line back without counting a run; after the resume it ends IMPORTED with no error', async () => {
    // Prepare: a job of one line, started and read here (no reader runs), so that this test's
    // worker runs its chunk; the notes step pauses the supplier just before it is answered.
    const { supplier, apiKey } = await newSupplierWithKey('BJFLIGHT');
    const token = await obtainToken(apiKey);
    const external = `BJFLIGHT-${randomUUID()}`;
    const {
      supply_addresses: _a,
      import_supplier: _s,
      ...account
    } = accountPayload({
      external_account_number: external,
    });
    const text = JSON.stringify({
      account,
      notes: [{ body: 'Imported', created_at: '2026-02-01T10:00:00Z' }],
    });
    const created = (await createJob(token, { import_supplier: supplier })).json;
    expect(await upload(created.upload.url, text)).toBe(200);
    const input = await objectIdentity(inputKey(created.job_id));
    const now = new Date();
    await markStarted(created.job_id, now, now.toISOString().slice(0, 19).concat('Z'), input?.etag ?? '');
    await claimRead(created.job_id, 'test-reader', claimExpiresAt(Date.now() + 60_000, 5), now, false);
    await markReadDone(created.job_id, 'test-reader', { lines: 1, chunks: 1 });
    const pausingNotes: StepHandlers['notes'] = async (event, context) => {
      await setSupplierStatus(supplier, 'Paused');
      return notes(event, context);
    };
    const handlers: StepHandlers = {
      validate,
      stage,
      process,
      transactions,
      notes: pausingNotes,
      statements,
      payment_instruction: paymentInstruction,
    };
    const chunk = { chunk: 0, lines: [{ line: 1, offset: 0, length: Buffer.byteLength(text) }] };

    // Act
    const outcome = await runBulkJobChunk(created.job_id, chunk, handlers, {
      holder: `test-worker-${randomUUID()}`,
      startedAtMs: Date.now(),
      deadlineMs: Date.now() + 120_000,
    });
    const afterPause = (await readChunk(created.job_id, 0)).lines.get(1);
    await setSupplierStatus(supplier, 'Ongoing');
    // The chunk was handed back to the queue: the runtime's worker runs it again.
    const job = await waitForJob(token, created.job_id, (current) => current.finished_at !== null);

    // Assess
    expect(outcome).toMatchObject({ outcome: 'requeued', why: 'supplier paused while a line ran' });
    expect(afterPause?.result).toBeUndefined();
    expect(afterPause?.claim).toBeUndefined();
    expect(afterPause?.transientAttempts ?? 0).toBe(0);
    expect(job).toMatchObject({ state: 'COMPLETE', lines: { total: 1, imported: 1, partial: 0 } });
    expect(await resultsOf(job)).toEqual([
      expect.objectContaining({ line: 1, status: 'IMPORTED', errors: [] }),
    ]);
  });
});
