import { createHmac, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { signingKeys } from '../auth/signing-key.js';
import { ValidationError } from '../errors.js';
import { isPossibleExternalAccountNumber } from '../rules/import-process.js';

/**
 * Paging of the list endpoints: `page_size` (1–10000, default 5000),
 * an opaque `cursor` issued by the service, and `Link: <next url>; rel="next"`.
 */
export const DEFAULT_PAGE_SIZE = 5000;
export const MAX_PAGE_SIZE = 10_000;

export interface PageRequest {
  pageSize: number;
  /** The sort key after which the page starts (from the cursor). */
  after?: string;
}

/** What a cursor is bound to: a cursor of another list or supplier is refused. */
export interface CursorScope {
  list: string;
  supplier: string;
  /** Whether a value could be a position in this list (default: an external account number). */
  isPosition?: (value: unknown) => value is string;
}

interface CursorContent extends Omit<CursorScope, 'isPosition'> {
  after: string;
}

/**
 * A cursor is `c2.<base64url JSON [list, supplier, after]>.<MAC>`. The MAC is an HMAC-SHA256
 * under a key derived from the token-signing secret with a label of its own, so only the
 * service can issue a cursor (no new secret to keep) and a cursor MAC can never stand for a
 * token signature. Cursors are verified with the current or the previous secret, so a rotation
 * does not break a listing in progress.
 */
const CURSOR_VERSION = 'c2';
const CURSOR_KEY_LABEL = 'data-import list cursor key v2';
/** 128 bits of MAC, base64url. */
const MAC_LENGTH = 22;

function cursorKey(secret: Uint8Array): Buffer {
  return createHmac('sha256', secret).update(CURSOR_KEY_LABEL).digest();
}

function mac(secret: Uint8Array, encoded: string): string {
  return createHmac('sha256', cursorKey(secret))
    .update(`${CURSOR_VERSION}.${encoded}`)
    .digest('base64url')
    .slice(0, MAC_LENGTH);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function encodeCursor(content: CursorContent): Promise<string> {
  const { current } = await signingKeys();
  const encoded = Buffer.from(
    JSON.stringify([content.list, content.supplier, content.after]),
    'utf8',
  ).toString('base64url');
  return `${CURSOR_VERSION}.${encoded}.${mac(current, encoded)}`;
}

function invalid(attr: string, code: string, detail: string): ValidationError {
  return new ValidationError(
    [{ attr, code, detail }],
    'invalid_request',
    'The request could not be validated.',
  );
}

const invalidCursor = () =>
  invalid(
    'cursor',
    'invalid_cursor',
    'The cursor was not issued by this service for this list; start again without it.',
  );

/** The sort key a cursor points after; 400 `invalid_cursor` for anything the service did not issue. */
export async function decodeCursor(cursor: string, scope: CursorScope): Promise<string> {
  const [version, encoded, sum, ...rest] = cursor.split('.');
  if (version !== CURSOR_VERSION || !encoded || !sum || rest.length > 0) throw invalidCursor();
  const { current, previous } = await signingKeys();
  const issued = [current, ...(previous ? [previous] : [])].some((secret) =>
    sameText(mac(secret, encoded), sum),
  );
  if (!issued) throw invalidCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  // Only the service can sign a cursor, but a position that could not start a Query must never
  // reach one (DynamoDB would refuse it: a 500, not a 400), so it is checked all the same.
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== scope.list ||
    parsed[1] !== scope.supplier ||
    !(scope.isPosition ?? isPossibleExternalAccountNumber)(parsed[2])
  ) {
    throw invalidCursor();
  }
  return parsed[2];
}

/** `page_size` and `cursor` from the query string; 400 for anything invalid. */
export async function parsePageRequest(
  query: Readonly<Record<string, string>>,
  scope: CursorScope,
): Promise<PageRequest> {
  let pageSize = DEFAULT_PAGE_SIZE;
  if (query.page_size !== undefined) {
    const value = query.page_size.trim();
    pageSize = /^[0-9]{1,6}$/.test(value) ? Number(value) : Number.NaN;
    if (!(pageSize >= 1 && pageSize <= MAX_PAGE_SIZE)) {
      throw invalid(
        'page_size',
        'invalid_page_size',
        `page_size must be an integer from 1 to ${MAX_PAGE_SIZE}.`,
      );
    }
  }
  if (query.cursor === undefined) return { pageSize };
  return { pageSize, after: await decodeCursor(query.cursor, scope) };
}

function header(event: APIGatewayProxyEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted && value) return value.split(',')[0]?.trim();
  }
  return undefined;
}

/**
 * The absolute URL the client called, without its query string. On the execute-api domain
 * the stage is part of the client's path (`requestContext.path`); on a custom domain or the
 * local runtime the client's path is `event.path`.
 */
export function requestUrl(event: APIGatewayProxyEvent): string {
  const host =
    header(event, 'x-forwarded-host') ??
    header(event, 'host') ??
    event.requestContext?.domainName ??
    'localhost';
  const proto =
    header(event, 'x-forwarded-proto') ?? (/^(127\.0\.0\.1|localhost)(:|$)/.test(host) ? 'http' : 'https');
  const onExecuteApi = /\.execute-api\.[^.]+\.amazonaws\.com(:\d+)?$/.test(host);
  const path = (onExecuteApi ? event.requestContext?.path : undefined) ?? event.path;
  return `${proto}://${host}${path}`;
}

/**
 * `Link: <url?page_size=N&cursor=C>; rel="next"` for the page after `lastKey` (with `query`'s
 * parameters first: a list whose supplier is a query parameter keeps it).
 */
export async function nextLinkHeader(
  event: APIGatewayProxyEvent,
  page: { pageSize: number; scope: CursorScope; lastKey: string; query?: Record<string, string> },
): Promise<Record<string, string>> {
  const params = new URLSearchParams({
    ...page.query,
    page_size: String(page.pageSize),
    cursor: await encodeCursor({ list: page.scope.list, supplier: page.scope.supplier, after: page.lastKey }),
  });
  return { Link: `<${requestUrl(event)}?${params.toString()}>; rel="next"` };
}
