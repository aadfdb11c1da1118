import { randomUUID } from 'node:crypto';
import { claimNow } from '../../functions/rules/claims/claim.js';
import { markStarted, putNewBulkJob } from '../../functions/store/bulk-job-store.js';

/** A dry-run job of ACME written straight to the table and started, for tests that drive the store. */
export async function startedJob(organisation: string): Promise<string> {
  const jobId = randomUUID();
  const now = new Date();
  await putNewBulkJob({
    job_id: jobId,
    organisation,
    import_supplier: 'ACME',
    state: 'OPEN',
    dry_run: true,
    created_at: claimNow(now),
    created_at_ms: now.toISOString(),
    started_at: null,
    finished_at: null,
    lines_total: null,
    results_written: false,
    error: null,
    input_key: `inputs/${jobId}.ndjson`,
  });
  await markStarted(jobId, now, claimNow(now), '');
  return jobId;
}

/** A line result FAILED at validation (no customers), as a worker saves it. */
export const failedLineResult = (line: number, externalAccountNumber: string) => ({
  line,
  external_account_number: externalAccountNumber,
  service_account_number: null,
  status: 'FAILED' as const,
  errors: [{ step: 'validate', code: 'required', attr: 'customers', detail: 'This field is required.' }],
});
