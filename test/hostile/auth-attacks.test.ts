import { createHash, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiFunctions } from '../../infra/routes.js';
import { accountPayload } from '../accounts/support/accounts.js';
import {
  AUDIENCE,
  goodClaims,
  ISSUER,
  rs256Token,
  serviceKey,
  signHs256,
  swapPayload,
  tamperSignature,
  unsecuredToken,
} from '../auth/token-fixtures.js';
import { exampleTransactions } from '../post-import/support/post-import-api.js';
import { obtainServiceToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { expectWellFormedAnswer } from './support/error-body.js';
import { send } from './support/raw-http.js';
import { recordFigure } from './support/runs.js';
import { createWorld, type HostileWorld, importPartition, partitionItems } from './support/world.js';

/**
 * Authentication attacks over HTTP against EVERY route (the auth engineer's
 * tests cover the authorizer in-process; these check what a client of the deployed API sees):
 * forged and unusable tokens get 401, a token for another supplier gets 403 and writes
 * nothing, and guessing API keys is answered uniformly, without a lockout to abuse.
 */
let world: HostileWorld;
const external = `HZ-AUTH-${randomUUID()}`;
/** An OPEN bulk job of ACME's organisation: the routes naming a job name this one. */
let acmeJob: string;
let acmeToken: string;

beforeAll(async () => {
  world = await createWorld('AUTH');
  ({ token: acmeToken } = await obtainServiceToken({ APIKey: 'local-dev-key-acme' }));
  const job = await api('POST', '/v2/data-import/bulk-jobs/', {
    token: acmeToken,
    body: { import_supplier: 'ACME' },
  });
  expect(job.status).toBe(201);
  acmeJob = job.json.job_id;
});

/** A request each route accepts up to the scope check, naming the seeded supplier ACME. */
function requestFor(route: (typeof apiFunctions)[number]['route']): { target: string; body?: string } {
  const filled = route.path
    .replace('{import_supplier}', 'ACME')
    .replace('{external_account_number}', external)
    .replace('{job_id}', acmeJob);
  // A GET whose path names no supplier takes it as a query parameter (the bulk job list).
  const query = route.method === 'GET' && !route.path.includes('{') ? '?import_supplier=ACME' : '';
  const target = `${filled}/${query}`;
  const ref = { import_supplier: 'ACME', external_account_number: external };
  const bodies: Record<string, unknown> = {
    '/v1/data-import/validate-account': accountPayload({ external_account_number: external }, 'ACME'),
    '/v1/data-import/account-import-process/create-or-update': accountPayload(
      { external_account_number: external },
      'ACME',
    ),
    '/v1/data-import/account-import-process/process': ref,
    '/v1/data-import/notes/create': { ...ref, notes: [{ body: 'not yours' }] },
    '/v1/data-import/transactions/create': { ...ref, transactions: [exampleTransactions.charge('AUTH-1')] },
    '/v1/data-import/historical-statements/create': {
      ...ref,
      statements: [
        {
          statement_id: 'AUTH-S',
          bill_period_from_date: '2025-01-01',
          bill_period_to_date: '2025-01-31',
          issued_date: '2025-02-01',
          number: '1',
          gross_amount: 1,
        },
      ],
    },
    '/v2/data-import/accounts/validate': {
      payload: accountPayload({ external_account_number: external }, 'ACME'),
    },
    '/v2/data-import/accounts': {
      payload: accountPayload({ external_account_number: external }, 'ACME'),
      task_params: {},
    },
    '/v2/data-import/bulk-jobs': { import_supplier: 'ACME' },
    '/v1/data-import/payment-instruction/create': {
      ...ref,
      vendor: 'STRIPE',
      reference: 'pm_not_yours',
      type: 'CARD',
    },
  };
  return route.method === 'POST' ? { target, body: JSON.stringify(bodies[route.path]) } : { target };
}

const routes = apiFunctions.filter((fn) => fn.route.authorized).map((fn) => fn.route);

function call(route: (typeof routes)[number], authorization: string | undefined) {
  const { target, body } = requestFor(route);
  return send({
    method: route.method,
    target,
    headers: {
      'content-type': 'application/json',
      ...(authorization !== undefined ? { authorization } : {}),
    },
    ...(body !== undefined ? { body } : {}),
  });
}

const now = () => Math.floor(Date.now() / 1000);

/** Every forged or unusable credential, as the Authorization header value. */
const attacks: [string, () => Promise<string | undefined>][] = [
  ['no Authorization header', async () => undefined],
  [
    'alg: none (unsecured JWT)',
    async () => `Token ${unsecuredToken(goodClaims({ sub: world.organisation }))}`,
  ],
  [
    'alg: none with the good signature appended',
    async () => `Token ${unsecuredToken()}${world.token.split('.')[2]}`,
  ],
  ['key confusion: RS256 token', async () => `Token ${await rs256Token()}`],
  [
    'key confusion: HS256 signed with a public-looking key',
    async () =>
      `Token ${await signHs256(goodClaims(), new TextEncoder().encode('-----BEGIN PUBLIC KEY-----\nMIIBIjANBg\n-----END PUBLIC KEY-----'))}`,
  ],
  [
    'key confusion: HS256 signed with the API key hash',
    async () =>
      `Token ${await signHs256(goodClaims(), new TextEncoder().encode(createHash('sha256').update(world.apiKey).digest('hex')))}`,
  ],
  [
    'HS256 signed with an empty-ish key',
    async () => `Token ${await signHs256(goodClaims(), new Uint8Array(32))}`,
  ],
  [
    'HS512 signed with the service key',
    async () =>
      `Token ${await new SignJWT(goodClaims()).setProtectedHeader({ alg: 'HS512' }).sign(serviceKey())}`,
  ],
  ['expired', async () => `Token ${await signHs256(goodClaims({ iat: now() - 7200, exp: now() - 3600 }))}`],
  [
    'not yet valid (nbf in an hour)',
    async () => `Token ${await signHs256(goodClaims({ nbf: now() + 3600 }))}`,
  ],
  [
    'issued in the future',
    async () => `Token ${await signHs256(goodClaims({ iat: now() + 3600, exp: now() + 7200 }))}`,
  ],
  ['wrong audience', async () => `Token ${await signHs256(goodClaims({ aud: `${AUDIENCE}-admin` }))}`],
  [
    'audience as a list without ours',
    async () => `Token ${await signHs256(goodClaims({ aud: ['other-api'] }))}`,
  ],
  ['wrong issuer', async () => `Token ${await signHs256(goodClaims({ iss: `${ISSUER}.evil.example` }))}`],
  ['a tampered signature', async () => `Token ${tamperSignature(world.token)}`],
  [
    'a widened scope under a valid signature',
    async () =>
      `Token ${swapPayload(world.token, goodClaims({ sub: world.organisation, suppliers: ['ACME', 'GLOBEX'] }))}`,
  ],
  [
    'a token with its signature removed',
    async () => `Token ${world.token.split('.').slice(0, 2).join('.')}.`,
  ],
  ['the API key itself', async () => `Token ${world.apiKey}`],
  ['Basic credentials', async () => `Basic ${Buffer.from(`x:${world.apiKey}`).toString('base64')}`],
  ['Bearer with two tokens', async () => `Bearer ${world.token} ${world.token}`],
  ['an 8 KB token', async () => `Token ${'a'.repeat(4000)}.${'b'.repeat(4000)}.c`],
];

describe('Rule: every route refuses forged, expired and unusable tokens with 401 and the error shape', () => {
  for (const [name, header] of attacks) {
    it(`${name} → 401 on every route`, async () => {
      // Prepare
      const authorization = await header();
      // Act
      const responses = await Promise.all(routes.map((route) => call(route, authorization)));
      // Assess
      for (const [index, response] of responses.entries()) {
        expectWellFormedAnswer(response, { attack: name, route: routes[index]?.path });
        expect(response.status, `${name} on ${routes[index]?.path}`).toBe(401);
        expect(['not_authenticated', 'token_expired']).toContain(response.json.code);
      }
      if (name === 'expired') expect(responses.every((r) => r.json.code === 'token_expired')).toBe(true);
      recordFigure({ suite: 'auth', attack: name, requests: responses.length });
    });
  }
});

describe('Rule: a valid token for other suppliers gets 403 permission_denied on every route and writes nothing', () => {
  it('the hostile organisation (scope HZ-…) naming ACME → 403 everywhere, ACME’s bulk job → 404 as if unknown; ACME has no trace of it', async () => {
    // Act
    const responses = await Promise.all(routes.map((route) => call(route, `Token ${world.token}`)));
    // Assess
    for (const [index, response] of responses.entries()) {
      const route = routes[index]?.path as string;
      expectWellFormedAnswer(response, { route });
      const [status, code] = route.includes('{job_id}')
        ? [404, 'bulk_job_does_not_exist']
        : [403, 'permission_denied'];
      expect(response.status, route).toBe(status);
      expect(response.json.code, route).toBe(code);
    }
    expect(await partitionItems(importPartition('ACME', external))).toEqual([]);
    const job = await api('GET', `/v2/data-import/bulk-jobs/${acmeJob}/`, { token: acmeToken });
    expect(job.json.state).toBe('OPEN');
  });

  it('a GLOBEX token naming the hostile suppliers (Ongoing, Paused, Complete) → 403, not 409 or 404', async () => {
    // Prepare
    const { token } = await obtainServiceToken({ APIKey: 'local-dev-key-globex' });
    // Act
    const responses = await Promise.all(
      [world.supplier, world.paused, world.complete].flatMap((supplier) => [
        send({
          method: 'POST',
          target: '/v1/data-import/notes/create/',
          headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            import_supplier: supplier,
            external_account_number: 'X',
            notes: [{ body: 'x' }],
          }),
        }),
        send({
          method: 'GET',
          target: `/v1/data-import/all-account-import-processes/${supplier}/`,
          headers: { authorization: `Token ${token}` },
        }),
      ]),
    );
    // Assess
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(403));
  });
});

describe('Rule: API key guessing is answered uniformly with invalid_api_key, never a 5xx, and locks no one out', () => {
  const OBTAIN = `mutation($input: ObtainServiceTokenInput!) { obtainServiceToken(input: $input) { token } }`;
  const guess = (apiKey: unknown) =>
    send({
      method: 'POST',
      target: '/v1/graphql/',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: OBTAIN, variables: { input: { APIKey: apiKey } } }),
    });

  it('300 wrong keys shaped like the real one (prefix, one character off, its hash, case, padding, limits) → all invalid_api_key', async () => {
    // Prepare
    const real = world.apiKey;
    const flip = (key: string, at: number) =>
      `${key.slice(0, at)}${key[at] === 'a' ? 'b' : 'a'}${key.slice(at + 1)}`;
    const guesses: string[] = [
      ...Array.from({ length: real.length }, (_, at) => flip(real, at)),
      real.slice(0, -1),
      `${real}x`,
      real.toUpperCase(),
      ` ${real}`,
      `${real} `,
      `${real}\u0000`,
      createHash('sha256').update(real).digest('hex'),
      `APIKEY#${createHash('sha256').update(real).digest('hex')}`,
      'local-dev-key-acme ',
      'LOCAL-DEV-KEY-ACME',
      'x'.repeat(512),
      'x'.repeat(513),
      'é'.repeat(300),
      '*',
      '%',
    ];
    while (guesses.length < 300) guesses.push(`hostile-key-${randomUUID().replaceAll('-', '')}`);
    // Act: in parallel bursts, as a brute-force client would.
    const answers = [];
    for (let start = 0; start < guesses.length; start += 25) {
      answers.push(...(await Promise.all(guesses.slice(start, start + 25).map(guess))));
    }
    // Assess
    for (const [index, answer] of answers.entries()) {
      expect(answer.status, guesses[index]).toBe(200);
      expect(answer.json.data?.obtainServiceToken ?? null).toBeNull();
      expect(
        answer.json.errors?.map((e: { extensions: { errorCode: string } }) => e.extensions.errorCode),
      ).toEqual(['invalid_api_key']);
      expect(answer.json.errors[0].message).toBe(answers[0]?.json.errors[0].message);
    }
    recordFigure({ suite: 'auth', attack: 'api key guessing', requests: answers.length });
    // …and the real key still works: there is no lockout an attacker could trigger.
    const afterwards = await guess(real);
    expect(afterwards.json.data.obtainServiceToken.token).toEqual(expect.any(String));
  });

  it('keys of the wrong type or empty are refused with a GraphQL error code, never a 5xx', async () => {
    // Act
    const answers = await Promise.all(
      [null, '', 0, Number.MAX_VALUE, [], {}, true, 'a'.repeat(100_000)].map(guess),
    );
    // Assess
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(500);
      expect(answer.json.errors[0].extensions.errorCode).toEqual(expect.stringMatching(/^[a-z_]+$/));
    }
  });
});
