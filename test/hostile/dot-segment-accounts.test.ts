import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPossibleExternalAccountNumber } from '../../functions/rules/import-process.js';
import { accountPayload, paths } from '../accounts/support/accounts.js';
import { api } from '../support/http.js';
import { CASES_PER_ENDPOINT, FUZZ_TIMEOUT_MS, recordFigure } from './support/runs.js';
import { createWorld, type HostileWorld } from './support/world.js';

/**
 * An external account number becomes a path segment of the status URL. `.` and `..` are dot
 * segments: every HTTP client and API Gateway remove them, so an account staged under one could
 * never be addressed. Over strings made only of dots and slashes: the account payload rules
 * refuse `.`, `..` and anything with `/` (400 `invalid_format` on `external_account_number`),
 * and every number they accept can be read back through its status URL.
 */
let world: HostileWorld;

beforeAll(async () => {
  world = await createWorld('DOT');
});

const dotted = fc.oneof(
  fc.constantFrom('.', '..', '...', './', '/.', '../..', '....'),
  fc.array(fc.constantFrom('.', '..', '/'), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')),
);

const isDotSegment = (value: string) => value === '.' || value === '..';

describe('Dot segments are not external account numbers', () => {
  it(
    'staging and validation refuse `.` and `..` with invalid_format; every dotted number they accept is addressable',
    async () => {
      const seen = new Set<string>();
      await fc.assert(
        fc.asyncProperty(dotted, async (external) => {
          // Prepare
          const refused = isDotSegment(external) || external.includes('/');
          const payload = accountPayload({ external_account_number: external }, world.supplier);

          // Act
          const validated = await api('POST', paths.validate, { token: world.token, body: payload });
          const staged = await api('POST', paths.stage, { token: world.token, body: payload });

          // Assess
          for (const response of [validated, staged]) {
            if (refused) {
              expect(response.status, external).toBe(400);
              expect(response.json.errors, external).toContainEqual(
                expect.objectContaining({ attr: 'external_account_number', code: 'invalid_format' }),
              );
            } else {
              expect(response.status, `${external}: ${JSON.stringify(response.json)}`).toBeLessThan(300);
            }
          }
          expect(isPossibleExternalAccountNumber(external), external).toBe(!isDotSegment(external));
          if (refused || seen.has(external)) return;
          seen.add(external);
          const status = await api('GET', paths.status(world.supplier, external), { token: world.token });
          expect(status.status, external).toBe(200);
          expect(status.json, external).toEqual({ status: expect.any(String), service_account_number: '' });
        }),
        { numRuns: CASES_PER_ENDPOINT },
      );
      recordFigure({ suite: 'dot-segment-accounts', cases: CASES_PER_ENDPOINT, accepted: seen.size });
    },
    FUZZ_TIMEOUT_MS,
  );
});
