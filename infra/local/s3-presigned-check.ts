import { SignatureV4 } from '@smithy/signature-v4';
import { NodeSha256 } from '../../functions/adapters/aws/s3-requests.js';
import type { S3Refusal } from './s3-error.js';

/**
 * S3 checks a presigned URL (SigV4 in the query string) before it serves it; fauxqs does not (it
 * checks no signature). This check answers as S3 does, so a tampered URL fails here as it fails in
 * the cloud:
 * - `X-Amz-Expires` over a week (604 800 s): 400 AuthorizationQueryParametersError;
 * - the URL used after `X-Amz-Date` + `X-Amz-Expires`: 403 AccessDenied, "Request has expired";
 * - any change to what was signed (the method, the key, the expiry, the date, the credential, a
 *   signed header): 403 SignatureDoesNotMatch, the signature recomputed with the key's secret as
 *   S3 recomputes it.
 * Requests signed in their `Authorization` header (the functions' own) are not checked here.
 */
const MAX_EXPIRES_SECONDS = 604_800;
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const CONTENT_SHA256 = 'x-amz-content-sha256';
/** The query parameters the signer writes itself. */
const AUTH_PARAMETERS = new Set([
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
  'X-Amz-Security-Token',
]);

/** What the check needs of a request: `path` as sent (encoded), `query` decoded. */
export interface PresignedContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  host: string;
  protocol: string;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** `20261128T140000Z` as a date. */
function amzDate(text: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}

/** The signature S3 computes for the request, with the secret of the credential it names. */
async function expectedSignature(
  context: PresignedContext,
  credential: string[],
  signedAt: Date,
  expires: number,
  secretOf: (accessKeyId: string) => string | undefined,
): Promise<string | undefined> {
  const [accessKeyId = '', , region = '', service = ''] = credential;
  const secret = secretOf(accessKeyId);
  if (secret === undefined) return undefined;
  const signer = new SignatureV4({
    service,
    region,
    credentials: { accessKeyId, secretAccessKey: secret },
    sha256: NodeSha256,
    uriEscapePath: false,
  });
  const signed = (single(context.query['X-Amz-SignedHeaders']) ?? '').split(';');
  const headers: Record<string, string> = { [CONTENT_SHA256]: UNSIGNED_PAYLOAD };
  for (const name of signed)
    headers[name] = name === 'host' ? context.host : (single(context.headers[name]) ?? '');
  const query = Object.fromEntries(
    Object.entries(context.query).filter(([name]) => !AUTH_PARAMETERS.has(name)),
  ) as Record<string, string>;
  const [hostname, port] = context.host.split(':');
  const presigned = await signer.presign(
    {
      method: context.method,
      protocol: `${context.protocol}:`,
      hostname: hostname ?? '',
      port: port ? Number(port) : undefined,
      path: context.path,
      query,
      headers,
    },
    {
      expiresIn: expires,
      signingDate: signedAt,
      unhoistableHeaders: new Set([CONTENT_SHA256]),
      unsignableHeaders: new Set([CONTENT_SHA256]),
    },
  );
  return single(presigned.query?.['X-Amz-Signature'] as string | string[] | undefined);
}

const refusal = (status: number, code: string, message: string, detail?: Record<string, string>) => ({
  status,
  code,
  message,
  ...(detail ? { detail } : {}),
});

/**
 * Checks a presigned request (one with `X-Amz-Signature` in its query); `secretOf` gives an access
 * key's secret. Answers S3's refusal, or undefined when the request may be served.
 */
export function presignedRequestCheck(secretOf: (accessKeyId: string) => string | undefined) {
  return async (context: PresignedContext): Promise<S3Refusal | undefined> => {
    const provided = single(context.query['X-Amz-Signature']);
    if (provided === undefined) return undefined;
    const expires = Number(single(context.query['X-Amz-Expires']));
    if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) {
      return refusal(
        400,
        'AuthorizationQueryParametersError',
        'X-Amz-Expires must be less than a week (in seconds) that is 604800',
      );
    }
    const signedAt = amzDate(single(context.query['X-Amz-Date']) ?? '');
    if (!signedAt)
      return refusal(
        400,
        'AuthorizationQueryParametersError',
        'X-Amz-Date must be in the ISO8601 Long Format',
      );
    if (Date.now() > signedAt.getTime() + expires * 1000) {
      return refusal(403, 'AccessDenied', 'Request has expired', {
        Expires: new Date(signedAt.getTime() + expires * 1000).toISOString(),
        ServerTime: new Date().toISOString(),
      });
    }
    const credential = (single(context.query['X-Amz-Credential']) ?? '').split('/');
    const expected = await expectedSignature(context, credential, signedAt, expires, secretOf);
    if (expected === undefined) {
      return refusal(
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
      );
    }
    if (expected !== provided) {
      return refusal(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      );
    }
    return undefined;
  };
}
