import { describe, expect, it, vi } from 'vitest';
import { handler as process } from '../../functions/handlers/process-account.js';
import { handler as stage } from '../../functions/handlers/stage-account.js';
import { handler as validate } from '../../functions/handlers/validate-account.js';
import { readChunk } from '../../functions/store/bulk-job-line-store.js';
import { setSupplierStatus } from '../../functions/store/supplier-store.js';
import type { StepHandlers } from '../../functions/use-cases/bulk-jobs/in-process-steps.js';
import { accountPayload } from '../accounts/support/accounts.js';
import { newSupplierWithKey } from '../accounts/support/seed-processes.js';
import { obtainToken } from '../support/auth.js';
import { jobRunHere, resultsOf, waitForJob } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

describe('a supplier paused while a line runs stops new lines only: the line in flight runs again, whole, after the resume', () => {
  it('the process step refused import_supplier_paused hands the line back without counting a run; after the resume it ends IMPORTED with no error', async () => {
    // Prepare: a job of one line (an EnergyAccount), run here by this test's worker; the process
    // step pauses the supplier just before it is answered (the line's stage is done by then).
    const { supplier, apiKey } = await newSupplierWithKey('BJFLIGHT');
    const token = await obtainToken(apiKey);
    const line = JSON.stringify(accountPayload({}, supplier));
    const { jobId, runChunk } = await jobRunHere(token, supplier, [line]);
    const pausingProcess: StepHandlers['process'] = async (event, context) => {
      await setSupplierStatus(supplier, 'Paused');
      return process(event, context);
    };

    // Act
    const outcome = await runChunk({ validate, stage, process: pausingProcess });
    const afterPause = (await readChunk(jobId, 0)).lines.get(1);
    await setSupplierStatus(supplier, 'Ongoing');
    // The chunk was handed back to the queue: the runtime's worker runs it again.
    const job = await waitForJob(token, jobId, (current) => current.finished_at !== null);

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
