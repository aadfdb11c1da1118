/**
 * Document paths (spec: Document paths). A payload path is relative to the
 * supplier's root location inside the documents bucket; it resolves to the object key
 * `<root_location>/<path>`. Pure: no S3 here (see document-check.ts).
 *
 * Tolerated: a leading `/`, repeated `/` (collapsed), `.` segments (dropped).
 * Refused (`invalid_document_path`): `..` segments (also percent-encoded, e.g. `%2e%2e`), URLs
 * (`s3://…`, `https://…`, any `scheme:`), backslashes, control characters (also percent-encoded),
 * empty paths and keys longer than S3's 1024 bytes.
 */

export type ResolvedPath = { ok: true; key: string } | { ok: false; detail: string };

const MAX_KEY_BYTES = 1024;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The root location as a key prefix without leading or trailing `/` ('' for the bucket root). */
export function normaliseRoot(rootLocation: string): string {
  return rootLocation
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}

export function resolveDocumentKey(rootLocation: string, path: string): ResolvedPath {
  if (CONTROL_CHARACTERS.test(path)) return { ok: false, detail: 'The path contains control characters.' };
  if (path.includes('\\')) return { ok: false, detail: 'The path contains a backslash; use `/`.' };
  if (URL_SCHEME.test(path)) {
    return { ok: false, detail: 'The path must be relative to the supplier root location, not a URL.' };
  }
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    const decoded = decodeSegment(segment);
    if (decoded === undefined) return { ok: false, detail: 'The path has an invalid percent-encoding.' };
    if (CONTROL_CHARACTERS.test(decoded) || decoded.includes('\\') || decoded.includes('/')) {
      return { ok: false, detail: 'The path contains encoded control characters or separators.' };
    }
    if (decoded === '..' || decoded === '.') {
      return { ok: false, detail: 'The path may not leave the supplier root location (`..`).' };
    }
    segments.push(segment);
  }
  if (segments.length === 0) return { ok: false, detail: 'The path names no document.' };
  const root = normaliseRoot(rootLocation);
  const key = root === '' ? segments.join('/') : `${root}/${segments.join('/')}`;
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) {
    return { ok: false, detail: 'The resolved path is longer than 1024 bytes.' };
  }
  return { ok: true, key };
}

/** The stored reference of a document: `s3://<bucket>/<key>`. */
export function documentUri(bucket: string, key: string): string {
  return `s3://${bucket}/${key}`;
}
