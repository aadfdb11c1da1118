import { resolve } from 'node:path';
import { matchesEventPattern } from '../../local/event-pattern.js';
import type { EventEnvelope } from '../../local/eventbridge-local.js';
import { appendLines, readLines } from '../../local/json-lines-file.js';
import { subscriberFile } from '../../local/local-subscribers.js';
import type { LocalSubscriber } from '../../subscribers/subscriber-declaration.js';
import { subscriberEventPattern } from '../../subscribers/subscriber-pattern.js';
import type { ReplayWindow } from './replay-window.js';

/**
 * A replay against the local runtime, as EventBridge replays an archive: every envelope of the
 * events file (the local bus's archive) whose `time` lies in [from, to) is delivered again to
 * each chosen subscriber whose pattern matches it, appended to `<dir>/<name>.jsonl` with
 * `replay-name` added to the envelope.
 */
export interface LocalReplay {
  replayName: string;
  window: ReplayWindow;
  /** The subscribers replayed to (one, or all of the runtime's). */
  subscribers: readonly LocalSubscriber[];
  eventsFile: string;
  subscribersDir: string;
}

/** The events file the local runtime writes: DATA_IMPORT_EVENTS_FILE or `.local/events.jsonl`. */
export const localEventsFile = () => resolve(process.env.DATA_IMPORT_EVENTS_FILE || '.local/events.jsonl');

/** Replays the window; returns how many envelopes each subscriber received. */
export function replayLocally(replay: LocalReplay): Map<string, number> {
  const from = replay.window.from.getTime();
  const to = replay.window.to.getTime();
  const inWindow = readLines<EventEnvelope>(replay.eventsFile).filter((envelope) => {
    const time = Date.parse(envelope.time);
    return time >= from && time < to;
  });
  const delivered = new Map<string, number>();
  for (const subscriber of replay.subscribers) {
    const pattern = subscriberEventPattern(subscriber.events);
    const matching = inWindow
      .filter((envelope) => matchesEventPattern(pattern, envelope))
      .map((envelope) => ({ ...envelope, 'replay-name': replay.replayName }));
    appendLines(subscriberFile(replay.subscribersDir, subscriber.name), matching);
    delivered.set(subscriber.name, matching.length);
  }
  return delivered;
}
