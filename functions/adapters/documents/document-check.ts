import { type FieldError, ValidationError } from '../../errors.js';
import { resolveDocumentKey } from './document-path.js';
import { headObjectStatus } from './s3.js';

/** A document path of a payload, with the attr it came from (e.g. `notes.0.document_paths.1.document_path`). */
export interface DocumentPathInput {
  attr: string;
  path: string;
}

/** HEAD requests in flight at once. */
const CONCURRENCY = 16;

/**
 * True when the object exists; false when S3 says it does not (the functions may list the
 * bucket, so a missing key is a 404, not a 403). A 403 is a deployment fault (500); S3 being
 * unavailable is retryable (503).
 */
export async function documentExists(key: string): Promise<boolean> {
  const status = await headObjectStatus(key);
  if (status === 200) return true;
  if (status === 404) return false;
  throw new Error(`HEAD of a document answered HTTP ${status}`);
}

async function mapWithConcurrency<T, R>(items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}

/**
 * Resolves every path against the supplier root and checks each object exists. Returns the
 * object key of each input (same order). Throws one 400 listing every bad path:
 * `invalid_document_path` (shape) or `path_does_not_exist_in_file_store` (no such object).
 */
export async function resolveDocuments(
  rootLocation: string,
  inputs: readonly DocumentPathInput[],
): Promise<string[]> {
  const errors: FieldError[] = [];
  const keys: string[] = [];
  for (const input of inputs) {
    const resolved = resolveDocumentKey(rootLocation, input.path);
    if (resolved.ok) keys.push(resolved.key);
    else {
      keys.push('');
      errors.push({ attr: input.attr, code: 'invalid_document_path', detail: resolved.detail });
    }
  }
  if (errors.length > 0) throw new ValidationError(errors);
  const distinct = [...new Set(keys)];
  const exists = await mapWithConcurrency(distinct, documentExists);
  const missing = new Set(distinct.filter((_key, index) => !exists[index]));
  inputs.forEach((input, index) => {
    if (missing.has(keys[index]!)) {
      errors.push({
        attr: input.attr,
        code: 'path_does_not_exist_in_file_store',
        detail: 'No document exists at this path under the import supplier root location.',
      });
    }
  });
  if (errors.length > 0) throw new ValidationError(errors);
  return keys;
}
