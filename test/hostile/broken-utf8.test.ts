import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountPayload, paths } from '../accounts/support/accounts.js';
import { api } from '../support/http.js';
import { type PathStep, pathsOf } from './support/arbitraries.js';
import { expectWellFormedAnswer } from './support/error-body.js';
import { send } from './support/raw-http.js';
import { CASES_PER_ENDPOINT, FUZZ_TIMEOUT_MS, recordFigure } from './support/runs.js';
import { createWorld, type HostileWorld, uniqueExternal } from './support/world.js';

/**
 * A request body is UTF-8 text. Bytes that are not UTF-8 (invalid bytes, truncated or overlong
 * sequences, surrogates encoded as UTF-8 in the CESU style, code points above U+10FFFF) can
 * only be decoded into U+FFFD, losing the original text, so the service refuses them: 400
 * `invalid_unicode` on the field that held them, and nothing is stored. Well-formed
 * multi-byte text in the same places is never refused as `invalid_unicode`.
 */
let world: HostileWorld;

beforeAll(async () => {
  world = await createWorld('UTF');
});

const bytes = (...values: number[]) => Buffer.from(values);

/** Byte sequences that are not UTF-8, by kind. */
const notUtf8 = [
  bytes(0xff),
  bytes(0xfe),
  bytes(0xc0),
  bytes(0xf5, 0x80, 0x80, 0x80),
  bytes(0x80),
  bytes(0xbf, 0xbf),
  bytes(0xe2, 0x82), // truncated three-byte sequence
  bytes(0xf0, 0x9f, 0x98), // truncated four-byte sequence
  bytes(0xc0, 0xaf), // overlong "/"
  bytes(0xe0, 0x80, 0xaf), // overlong "/"
  bytes(0xf0, 0x80, 0x80, 0xaf), // overlong "/"
  bytes(0xc1, 0xbf), // overlong DEL
  bytes(0xed, 0xa0, 0x80), // U+D800 encoded as UTF-8
  bytes(0xed, 0xbf, 0xbf), // U+DFFF encoded as UTF-8
  bytes(0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80), // CESU-8 pair for U+1F600
  bytes(0xf4, 0x90, 0x80, 0x80), // above U+10FFFF
  bytes(0xef, 0xbf, 0xbd), // U+FFFD itself: indistinguishable from a decoded broken sequence
];

const fatal = new TextDecoder('utf-8', { fatal: true });
const isUtf8 = (value: Uint8Array) => {
  try {
    fatal.decode(value);
    return true;
  } catch {
    return false;
  }
};

/** Not UTF-8, yet valid inside a JSON string once decoded (no control characters, quotes or backslashes). */
const badBytes = fc.oneof(
  fc.constantFrom(...notUtf8),
  fc
    .uint8Array({ minLength: 1, maxLength: 6 })
    .filter(
      (value) => !isUtf8(value) && value.every((byte) => byte >= 0x20 && byte !== 0x22 && byte !== 0x5c),
    )
    .map((value) => Buffer.from(value)),
);

const goodText = fc.constantFrom('é', 'ß', '€', '😀', 'ｱ', '\u{10ffff}', 'Ω≈ç');

const MARKER = 'MARK-7f3a9c';

/** The payload as JSON bytes, with `inserted` written inside the string at `path`. */
function bodyWith(path: readonly PathStep[], inserted: Buffer, external: string): Buffer {
  const payload = accountPayload({ external_account_number: external }, world.supplier);
  let parent: Record<string | number, unknown> = payload;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  parent[path.at(-1) as PathStep] = `ab${MARKER}cd`;
  const [before, after] = JSON.stringify(payload).split(MARKER) as [string, string];
  return Buffer.concat([Buffer.from(before), inserted, Buffer.from(after)]);
}

/** Every string field of a valid account payload. */
const stringFields = (() => {
  const payload = accountPayload({}, 'ACME');
  return pathsOf(payload).filter((path) => {
    let value: unknown = payload;
    for (const step of path) value = (value as Record<string | number, unknown>)[step];
    return typeof value === 'string' && path[0] !== 'import_supplier';
  });
})();

const post = (body: Buffer) =>
  send({
    method: 'POST',
    target: paths.stage,
    headers: { authorization: `Token ${world.token}`, 'content-type': 'application/json' },
    body,
  });

describe('Text that is not UTF-8 is refused, never stored as U+FFFD', () => {
  it(
    'bytes that are not UTF-8 in any string field → 400 invalid_unicode on that field, nothing stored',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.nat(), badBytes, async (pick, inserted) => {
          // Prepare
          const path = stringFields[pick % stringFields.length] as PathStep[];
          const external = uniqueExternal('HZU');

          // Act
          const response = await post(bodyWith(path, inserted, external));

          // Assess
          const context = { path, bytes: inserted.toString('hex') };
          expectWellFormedAnswer(response, context);
          expect(response.status, JSON.stringify(context)).toBe(400);
          expect(response.json.errors, JSON.stringify(context)).toContainEqual(
            expect.objectContaining({ attr: path.join('.'), code: 'invalid_unicode' }),
          );
          if (path[0] !== 'external_account_number') {
            const status = await api('GET', paths.status(world.supplier, external), { token: world.token });
            expect(status.status, JSON.stringify(context)).toBe(404);
          }
        }),
        { numRuns: CASES_PER_ENDPOINT },
      );
      recordFigure({ suite: 'broken-utf8', cases: CASES_PER_ENDPOINT, fields: stringFields.length });
    },
    FUZZ_TIMEOUT_MS,
  );

  it('well-formed multi-byte UTF-8 in the same fields is never refused as invalid_unicode', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), goodText, async (pick, text) => {
        // Prepare
        const path = stringFields[pick % stringFields.length] as PathStep[];

        // Act
        const response = await post(bodyWith(path, Buffer.from(text), uniqueExternal('HZU')));

        // Assess
        expectWellFormedAnswer(response, { path, text });
        const codes = (response.json?.errors ?? []).map((error: { code: string }) => error.code);
        expect(codes, JSON.stringify({ path, text })).not.toContain('invalid_unicode');
      }),
      { numRuns: Math.min(CASES_PER_ENDPOINT, 200) },
    );
  });
});
