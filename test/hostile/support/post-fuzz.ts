import fc from 'fast-check';
import { expect } from 'vitest';
import { readEvents, waitForEvents } from '../../support/events-file.js';
import { type PostCase, postCase, renderPostCase, transactionQuery } from './arbitraries.js';
import { expectWellFormedAnswer } from './error-body.js';
import { postText } from './raw-http.js';
import { CASES_PER_ENDPOINT, recordFigure } from './runs.js';
import { fingerprint, type HostileWorld } from './world.js';

/**
 * The property every POST must hold (design.md §8), over HTTP on the local runtime:
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
}

export interface PostTarget {
  name: string;
  path: string;
  /** The transactions endpoint answers item failures with the TRANSACTION_IMPORT_ERROR body. */
  transactions?: boolean;
  /** Fuzz the transactions endpoint's URL parameters too. */
  query?: boolean;
  /** A valid request for a fresh account of the world. */
  prepare(world: HostileWorld): Promise<Prepared>;
}

export interface FuzzOutcome {
  cases: number;
  byStatus: Record<number, number>;
}

export async function fuzzPost(world: HostileWorld, target: PostTarget): Promise<FuzzOutcome> {
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
      target.query ? transactionQuery : fc.constant(''),
      async (fuzzCase: PostCase, query) => {
        cases++;
        const prepared = await target.prepare(world);
        const before = await fingerprint(world, prepared.partitions);
        const { body, contentType } = renderPostCase(fuzzCase, prepared.body, suppliers);
        const response = await postText(`${target.path}${query}`, world.token, body, contentType);
        byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
        const context = { endpoint: target.name, fuzzCase, query, body: body?.slice(0, 300) };
        expectWellFormedAnswer(response, context, { transactions: target.transactions === true });
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
  recordFigure({ suite: 'fuzz', endpoint: target.name, method: 'POST', cases, byStatus });
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
