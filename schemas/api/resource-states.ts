/**
 * The states a resource of the API shows, as its answers spell them: the response schemas
 * (./responses/success-bodies.ts) list them, and the rules that move a resource from one to the
 * next (functions/rules/) take them from here.
 */

/** A v2 account task's `status` (functions/rules/account-task/account-task.ts). */
export const TASK_STATUSES = [
  'PENDING',
  'IN_PROGRESS',
  'PROCESSED',
  'ERRORED',
  'DRY_RUN_SUCCEEDED',
  'DRY_RUN_ERRORED',
  'CANCELLED',
] as const;

/** A bulk import job's `state` (functions/rules/bulk-jobs/bulk-job.ts). */
export const BULK_JOB_STATES = ['OPEN', 'IN_PROGRESS', 'COMPLETE', 'ABORTED', 'FAILED'] as const;
