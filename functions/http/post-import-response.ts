import type { Warning } from '../rules/post-import/warnings.js';
import type { ApiResponse } from './response.js';

/**
 * The answer of a post-import POST: 201 with `body`, or for a dry run 200
 * `{dry_run: true, result: <the body the real call would answer>, warnings?}`.
 */
export function postImportResponse(
  dryRun: boolean | undefined,
  body: unknown,
  warnings: readonly Warning[] = [],
): ApiResponse {
  if (dryRun !== true) return { statusCode: 201, body };
  return {
    statusCode: 200,
    body: { dry_run: true, result: body, ...(warnings.length > 0 ? { warnings } : {}) },
  };
}
