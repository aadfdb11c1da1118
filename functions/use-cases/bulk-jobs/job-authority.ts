import { logger } from '../../logger.js';
import { authorityError } from '../../rules/bulk-jobs/bulk-job.js';
import { hasActiveApiKey } from '../../store/api-key-store.js';
import { markStopped, type StoredBulkJob } from '../../store/bulk-job-store.js';
import { getOrganisation } from '../../store/organisation-store.js';

/**
 * A running job acts for its organisation only while the organisation could still call the API
 * for the job's supplier: judged before each chunk (a token holder is judged at each request).
 * When the organisation has no API key left that is not revoked, or its scope no longer covers
 * the supplier, the job is FAILED with `bulk_job_authority_revoked`: no new line starts, lines in
 * flight finish, the others end `NOT_PROCESSED`. Returns the job as it now stands.
 */
export async function withCurrentAuthority(job: StoredBulkJob): Promise<StoredBulkJob> {
  if (job.state !== 'IN_PROGRESS') return job;
  const [organisation, hasKey] = await Promise.all([
    getOrganisation(job.organisation),
    hasActiveApiKey(job.organisation),
  ]);
  const error = authorityError(job, organisation, hasKey);
  if (!error) return job;
  logger.warn('Bulk job stopped: its organisation lost its authority', {
    job_id: job.job_id,
    code: error.code,
  });
  return (await markStopped(job.job_id, error)) ?? job;
}
