import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountPayload, paths } from '../accounts/support/accounts.js';
import { api } from '../support/http.js';
import { expectWellFormedAnswer } from './support/error-body.js';
import { cursorBody, unkeyedChecksum, unkeyedCursor } from './support/forged-cursor.js';
import { get } from './support/raw-http.js';
import { CASES_PER_ENDPOINT, FUZZ_TIMEOUT_MS, recordFigure } from './support/runs.js';
import { createWorld, type HostileWorld, uniqueExternal } from './support/world.js';

/**
 * List cursors are signed by the service: an attacker who knows their format (version, base64url
 * JSON `[list, supplier, after]`, checksum) and tampers with any field, then re-computes the
 * checksum with any key-less scheme, gets 400 `invalid_cursor`, never a page.
 */
let world: HostileWorld;
const issued: { list: string; path: string; cursor: string }[] = [];

beforeAll(async () => {
  world = await createWorld('CUR');
  for (let i = 0; i < 3; i++) {
    const payload = accountPayload({ external_account_number: uniqueExternal('HZC') }, world.supplier);
    expect((await api('POST', paths.stage, { token: world.token, body: payload })).status).toBe(201);
  }
  for (const [list, path] of [
    ['ALL', paths.all(world.supplier)],
    ['PENDING', paths.pending(world.supplier)],
  ] as const) {
    const page = await api('GET', path, { token: world.token, query: { page_size: 1 } });
    const next = /cursor=([^&>]+)/.exec(page.headers.get('link') ?? '')?.[1];
    expect(next, `${list} issues a cursor`).toBeDefined();
    issued.push({ list, path, cursor: decodeURIComponent(next as string) });
  }
});

/** The MAC schemes an attacker without the key can try. */
const macScheme = fc.constantFrom(
  'unkeyed-sha256',
  'unkeyed-sha256-22',
  'reused-mac',
  'hmac-guessed-key',
  'empty',
  'random',
);

function forgedMac(scheme: string, version: string, body: string, issuedMac: string, random: string): string {
  switch (scheme) {
    case 'unkeyed-sha256':
      return unkeyedChecksum(body);
    case 'unkeyed-sha256-22':
      return createHash('sha256').update(`${version}.${body}`).digest('base64url').slice(0, 22);
    case 'reused-mac':
      return issuedMac;
    case 'hmac-guessed-key':
      return createHmac('sha256', 'local').update(`${version}.${body}`).digest('base64url').slice(0, 22);
    case 'empty':
      return '';
    default:
      return random;
  }
}

/** A field is kept as issued (undefined) three times out of four, else tampered with. */
const keptOr = <T>(tamper: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: tamper });

const tampered = fc.record({
  target: fc.nat(),
  list: keptOr(
    fc.oneof(fc.constantFrom('ALL', 'PENDING', 'IMPORTED', 'all', ''), fc.string({ maxLength: 8 })),
  ),
  supplier: keptOr(fc.oneof(fc.constantFrom('ACME', 'GLOBEX'), fc.string({ maxLength: 12 }))),
  after: fc.oneof(
    fc.constantFrom('', '.', 'HZC-', '\u0000', 'x'.repeat(300), 0, null),
    fc.string({ minLength: 1, maxLength: 40 }),
  ),
  version: fc.constantFrom('c1', 'c2', 'c3'),
  scheme: macScheme,
  random: fc.base64String({ minLength: 0, maxLength: 30 }).map((text) => text.replace(/[+/=]/g, '_')),
  legacy: fc.boolean(),
});

describe('List cursors the service did not issue are refused', () => {
  it(
    'a cursor with any field tampered and re-hashed without the key → 400 invalid_cursor',
    async () => {
      let tried = 0;
      await fc.assert(
        fc.asyncProperty(tampered, async (change) => {
          // Prepare
          const target = issued[change.target % issued.length] as (typeof issued)[number];
          const [, , issuedMac = ''] = target.cursor.split('.');
          const fields = {
            list: change.list ?? target.list,
            supplier: change.supplier ?? world.supplier,
            after: change.after,
          };
          const body = cursorBody(fields);
          const cursor = change.legacy
            ? unkeyedCursor(fields)
            : `${change.version}.${body}.${forgedMac(change.scheme, change.version, body, issuedMac, change.random)}`;
          fc.pre(cursor !== target.cursor);
          tried += 1;

          // Act
          const response = await get(`${target.path}?cursor=${encodeURIComponent(cursor)}`, world.token);

          // Assess
          expectWellFormedAnswer(response, `cursor ${cursor}`);
          expect(response.status, cursor).toBe(400);
          expect(response.json.errors).toEqual([
            expect.objectContaining({ attr: 'cursor', code: 'invalid_cursor' }),
          ]);
        }),
        { numRuns: CASES_PER_ENDPOINT },
      );
      recordFigure({ suite: 'forged-cursors', cases: tried });
    },
    FUZZ_TIMEOUT_MS,
  );

  it('the cursor the service issued still answers 200 (the refusal is about forgery, not format)', async () => {
    for (const { path, cursor } of issued) {
      const response = await get(`${path}?page_size=1&cursor=${encodeURIComponent(cursor)}`, world.token);
      expect(response.status).toBe(200);
    }
  });
});
