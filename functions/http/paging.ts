import { createHash } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ValidationError } from '../errors.js';
import { isPossibleExternalAccountNumber } from '../rules/import-process.js';

/**
 * Paging of list endpoints (design.md §3.4, §3.5a): `page_size` (1–10000, default 5000),
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
}

interface CursorContent extends CursorScope {
  after: string;
}

const CURSOR_VERSION = 'c1';

function checksum(encoded: string): string {
  return createHash('sha256').update(`data-import-cursor:${encoded}`).digest('base64url').slice(0, 16);
}

export function encodeCursor(content: CursorContent): string {
  const encoded = Buffer.from(
    JSON.stringify([content.list, content.supplier, content.after]),
    'utf8',
  ).toString('base64url');
  return `${CURSOR_VERSION}.${encoded}.${checksum(encoded)}`;
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
export function decodeCursor(cursor: string, scope: CursorScope): string {
  const [version, encoded, sum, ...rest] = cursor.split('.');
  if (version !== CURSOR_VERSION || !encoded || !sum || rest.length > 0 || checksum(encoded) !== sum) {
    throw invalidCursor();
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  // The checksum only detects accidents, so a cursor can be forged: its position must still be
  // a possible external account number, or the Query would be refused (a 500, not a 400).
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== scope.list ||
    parsed[1] !== scope.supplier ||
    !isPossibleExternalAccountNumber(parsed[2])
  ) {
    throw invalidCursor();
  }
  return parsed[2];
}

/** `page_size` and `cursor` from the query string; 400 for anything invalid. */
export function parsePageRequest(query: Readonly<Record<string, string>>, scope: CursorScope): PageRequest {
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
  return { pageSize, after: decodeCursor(query.cursor, scope) };
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

/** `Link: <url?page_size=N&cursor=C>; rel="next"` for the page after `lastKey`. */
export function nextLinkHeader(
  event: APIGatewayProxyEvent,
  page: { pageSize: number; scope: CursorScope; lastKey: string },
): Record<string, string> {
  const params = new URLSearchParams({
    page_size: String(page.pageSize),
    cursor: encodeCursor({ ...page.scope, after: page.lastKey }),
  });
  return { Link: `<${requestUrl(event)}?${params.toString()}>; rel="next"` };
}
