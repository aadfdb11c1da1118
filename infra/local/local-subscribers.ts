import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { localSubscribers } from '../config/local-subscribers.js';
import {
  type LocalSubscriber,
  parseSubscribers,
  SubscriberConfigError,
} from '../subscribers/subscriber-declaration.js';
import { subscriberEventPattern } from '../subscribers/subscriber-pattern.js';
import type { LocalRule } from './event-rules.js';

/**
 * Local subscribers: the `local` environment's (infra/config/local-subscribers.ts), or those of
 * a `--subscribers FILE` (a JSON array of entries of the same shape, `target` optional) instead.
 * Each becomes a rule of the local EventBridge endpoint with the pattern the stack deploys
 * (infra/subscribers/subscriber-pattern.ts), delivering to `<dir>/<name>.jsonl`, where the
 * directory is DATA_IMPORT_SUBSCRIBERS_DIR or `.local/subscribers` under the project root.
 */
const PROJECT_ROOT = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '../..');

export function subscribersDir(): string {
  return resolve(process.env.DATA_IMPORT_SUBSCRIBERS_DIR || join(PROJECT_ROOT, '.local', 'subscribers'));
}

export const subscriberFile = (dir: string, name: string) => join(dir, `${name}.jsonl`);

/** The subscribers of `file` when given, else the `local` environment's; a bad entry throws. */
export function loadLocalSubscribers(file?: string): LocalSubscriber[] {
  if (file === undefined) {
    return parseSubscribers(localSubscribers, {
      source: 'the local subscribers (infra/config)',
      targetRequired: false,
    });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SubscriberConfigError(`subscribers file ${file}: ${(error as Error).message}`);
  }
  return parseSubscribers(raw, { source: `subscribers file ${file}`, targetRequired: false });
}

/** One local rule per subscriber, delivering to its JSONL file. */
export function subscriberRules(
  subscribers: readonly LocalSubscriber[],
  dir = subscribersDir(),
): LocalRule[] {
  return subscribers.map((subscriber) => ({
    name: `subscriber:${subscriber.name}`,
    event_pattern: subscriberEventPattern(subscriber.events),
    target: subscriberFile(dir, subscriber.name),
    enabled: true,
  }));
}
