import { readEvents } from '../../support/events-file.js';
import { batches, isOutboxInsert } from './stream.js';
import type { World } from './world.js';

/**
 * The outbox publisher's event source, played by the harness after a path's cases: every
 * outbox insert of the world's stream not yet handed over goes to the publisher's deployed
 * bundle, in batches of 10 as the stack configures its event source; a batch reporting failures
 * is handed over again.
 */
const handed = new WeakMap<World, Set<string>>();

export async function publishOutbox(world: World): Promise<void> {
  await world.tap.poll();
  const done = handed.get(world) ?? new Set<string>();
  handed.set(world, done);
  const records = world.tap.records.filter(
    (record) => isOutboxInsert(record) && !done.has(record.eventID ?? ''),
  );
  let pending = batches(records);
  for (let attempt = 1; pending.length > 0; attempt++) {
    const outcome = await world.run(
      pending.map((batch) => ({
        functionId: 'publish-outbox-events',
        event: { Records: batch },
        timeoutMs: 29_000,
      })),
    );
    const failed = pending.filter((_, index) => {
      const step = outcome.steps[index];
      const failures =
        (step?.result as { batchItemFailures?: unknown[] } | undefined)?.batchItemFailures ?? [];
      return !step || step.error !== undefined || failures.length > 0;
    });
    if (failed.length > 0 && attempt >= 3) {
      throw new Error(`the publisher kept failing: ${outcome.output.slice(-2000)}`);
    }
    pending = failed;
  }
  for (const record of records) done.add(record.eventID ?? '');
}

/** The event ids the local bus has archived (the shared events file). */
export function publishedEventIds(): Set<string> {
  return new Set(readEvents().map((event) => event.detail?.event_id));
}
