import fc from 'fast-check';
import { expect } from 'vitest';
import { publicPath } from '../../../infra/routes.js';
import { readEvents, waitForEvents } from '../../support/events-file.js';
import { type PostCase, postCase, renderPostCase, transactionQuery } from './arbitraries.js';
import { expectWellFormedAnswer } from './error-body.js';
import { postText, send } from './raw-http.js';
import { fillPath, type PostPlan, type RouteToFuzz } from './route-fuzz-plans.js';
import { CASES_PER_ENDPOINT, recordFigure } from './runs.js';
import { fingerprint, type HostileWorld } from './world.js';

/**
 * The property every POST route must hold, over HTTP on the local runtime:
 * for any body, content type and URL parameters, never a 5xx, every 4xx body matches the
 * error schema, and a 4xx writes nothing (fingerprint of every partition the request could
 * touch, before and after) and emits nothing (no event names the case's account).
 */
export interface Prepared {
  body: Record<string, unknown>;
  /** Table partitions this case's request could write (besides the supplier's process lists). */
  partitions: string[];
  /** Strings an event about this case's account would contain (external account numbers). */
  identifiers: string[];
  /** The route's `{param}` path segments, already percent-encoded (routes with path parameters). */
  segments?: Record<string, string>;
}

export interface FuzzOutcome {
  cases: number;
  byStatus: Record<number, number>;
}

/** Fuzzes one POST route of infra/routes.ts as its plan says (REST or the GraphQL token mutation). */
export function fuzzPost(world: HostileWorld, route: RouteToFuzz<PostPlan>): Promise<FuzzOutcome> {
  return route.plan.answers === 'graphql' ? fuzzGraphql(world, route) : fuzzRest(world, route);
}

async function fuzzRest(
  world: HostileWorld,
  { id, path, plan }: RouteToFuzz<PostPlan>,
): Promise<FuzzOutcome> {
  const byStatus: Record<number, number> = {};
  const quiet: string[] = [];
  const suppliers = [
    world.paused,
    world.complete,
    'GLOBEX',
    'ACME',
    'NO-SUCH-SUPPLIER',
    world.supplier.toLowerCase(),
  ];
  let cases = 0;
  await fc.assert(
    fc.asyncProperty(
      postCase,
      plan.query ? transactionQuery : fc.constant(''),
      async (fuzzCase: PostCase, query) => {
        cases++;
        const prepared = await plan.prepare(world);
        const before = await fingerprint(world, prepared.partitions);
        const { body, contentType } = renderPostCase(fuzzCase, prepared.body, suppliers);
        const response = await postText(
          `${fillPath(path, prepared.segments ?? {})}${query}`,
          world.token,
          body,
          contentType,
        );
        byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
        const context = { endpoint: id, fuzzCase, query, body: body?.slice(0, 300) };
        expectWellFormedAnswer(response, context, { transactions: plan.transactions === true });
        if (response.status < 300 && plan.settle) await plan.settle(response.json);
        if (response.status >= 400) {
          expect(await fingerprint(world, prepared.partitions), `4xx wrote: ${JSON.stringify(context)}`).toBe(
            before,
          );
          quiet.push(...prepared.identifiers);
        }
      },
    ),
    { numRuns: CASES_PER_ENDPOINT, endOnFailure: true },
  );
  await expectNoEventsFor(quiet);
  recordFigure({ suite: 'fuzz', endpoint: id, method: 'POST', cases, byStatus });
  return { cases, byStatus };
}

/**
 * The token mutation never answers 5xx, never a token for a wrong key, and every error it
 * answers carries an errorCode (GraphQL answers 200 or 400 with `errors`).
 */
async function fuzzGraphql(
  world: HostileWorld,
  { id, path, plan }: RouteToFuzz<PostPlan>,
): Promise<FuzzOutcome> {
  const byStatus: Record<number, number> = {};
  let cases = 0;
  await fc.assert(
    fc.asyncProperty(postCase, async (fuzzCase) => {
      cases++;
      const { body: base } = await plan.prepare(world);
      const { body, contentType } = renderPostCase(fuzzCase, base);
      const response = await send({
        method: 'POST',
        target: publicPath(path),
        headers: contentType !== undefined ? { 'content-type': contentType } : {},
        ...(body !== undefined ? { body } : {}),
      });
      byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
      const where = `${JSON.stringify(fuzzCase).slice(0, 400)} → ${response.status} ${response.text.slice(0, 300)}`;
      expect(response.status, where).toBeLessThan(500);
      expect([200, 400], where).toContain(response.status);
      expect(response.json?.data?.obtainServiceToken?.token, where).toBeUndefined();
      // No valid key is ever sent, so every answer is a GraphQL error with a code.
      expect(response.json?.errors?.length, where).toBeGreaterThan(0);
      for (const error of response.json.errors) {
        expect(error.extensions?.errorCode, where).toMatch(/^[a-z][a-z0-9_]*$/);
      }
    }),
    { numRuns: CASES_PER_ENDPOINT, endOnFailure: true },
  );
  recordFigure({ suite: 'fuzz', endpoint: id, method: 'POST', cases, byStatus });
  return { cases, byStatus };
}

/**
 * No event names any of these identifiers. The publisher runs behind the table stream, so
 * first wait for the stream to pass a marker written now (an event of our own making).
 */
export async function expectNoEventsFor(identifiers: readonly string[], marker?: () => Promise<string>) {
  if (marker) {
    const id = await marker();
    await waitForEvents((event) => JSON.stringify(event.detail?.payload ?? {}).includes(id), {
      timeoutMs: 15_000,
    });
  } else {
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
  const wanted = new Set(identifiers);
  const leaked = readEvents().filter((event) => {
    const text = JSON.stringify(event.detail?.payload ?? {});
    for (const id of wanted) if (text.includes(`"${id}"`)) return true;
    return false;
  });
  expect(leaked.map((event) => event['detail-type'])).toEqual([]);
}
