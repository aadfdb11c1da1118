import { catalogue } from '../../schemas/catalogue/index.js';
import { parseEventSelector } from './subscriber-pattern.js';

/**
 * A subscriber of the service's events, as declared per environment in infra/config:
 *
 * ```ts
 * { name: 'billing-ledger', events: ['billing.ledger.entry_posted@v2'],
 *   target: { kind: 'sqs', arn: 'arn:aws:sqs:eu-west-2:111122223333:billing-ledger' } }
 * ```
 *
 * `name` is 1–64 of `a-z 0-9 -`, unique per environment (it names the subscriber's rule on the
 * service's bus and its local file). `events` lists catalogue event types (`"account.created"`:
 * every version) or type/version pairs (`"account.created@v1"`); omitted means every event.
 */
export const SUBSCRIBER_TARGET_KINDS = ['sqs', 'eventbus', 'lambda'] as const;
export type SubscriberTargetKind = (typeof SUBSCRIBER_TARGET_KINDS)[number];

export interface SubscriberTarget {
  readonly kind: SubscriberTargetKind;
  readonly arn: string;
}

export interface Subscriber {
  readonly name: string;
  readonly events?: readonly string[];
  readonly target: SubscriberTarget;
}

/** A local subscriber: the same shape, the target optional (locally every subscriber is a file). */
export type LocalSubscriber = Omit<Subscriber, 'target'> & { readonly target?: SubscriberTarget };

export class SubscriberConfigError extends Error {}

export const SUBSCRIBER_NAME_PATTERN = /^[a-z0-9-]{1,64}$/;

/** The ARN a target kind must have: its service and resource, any partition, region and account. */
export const TARGET_ARN_PATTERNS: Record<
  SubscriberTargetKind,
  { label: string; pattern: RegExp; example: string }
> = {
  sqs: {
    label: 'an SQS queue',
    pattern: /^arn:aws[a-z-]*:sqs:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,80}$/,
    example: 'arn:aws:sqs:eu-west-2:111122223333:queue-name',
  },
  eventbus: {
    label: 'an event bus',
    pattern: /^arn:aws[a-z-]*:events:[a-z0-9-]+:\d{12}:event-bus\/[A-Za-z0-9._\-/]{1,256}$/,
    example: 'arn:aws:events:eu-west-2:111122223333:event-bus/bus-name',
  },
  lambda: {
    label: 'a Lambda function',
    pattern:
      /^arn:aws[a-z-]*:lambda:[a-z0-9-]+:\d{12}:function:[A-Za-z0-9_-]{1,64}(:[A-Za-z0-9$_-]{1,128})?$/,
    example: 'arn:aws:lambda:eu-west-2:111122223333:function:function-name',
  },
};

const catalogueVersions = new Map<string, Set<string>>();
for (const event of catalogue.events) {
  const versions = catalogueVersions.get(event.type) ?? new Set<string>();
  versions.add(event.version);
  catalogueVersions.set(event.type, versions);
}

/** Edit distance (insertions, deletions, substitutions, adjacent swaps) between two strings. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** The catalogue's event type closest to a misspelt one (at most 3 edits away), if any. */
function nearestEventType(type: string): string | undefined {
  let nearest: { type: string; distance: number } | undefined;
  for (const known of catalogueVersions.keys()) {
    const distance = editDistance(type, known);
    if (distance <= 3 && (!nearest || distance < nearest.distance)) nearest = { type: known, distance };
  }
  return nearest?.type;
}

function checkEventSelector(selector: unknown, at: string): string {
  if (typeof selector !== 'string' || selector === '') {
    throw new SubscriberConfigError(`${at} must be an event type or "<event type>@<version>"`);
  }
  const { type, version } = parseEventSelector(selector);
  const versions = catalogueVersions.get(type);
  if (!versions) {
    const near = nearestEventType(type);
    throw new SubscriberConfigError(
      `${at}: "${type}" is not an event type of the catalogue${near ? ` (did you mean "${near}"?)` : ''}; every event type is listed in schemas/events/README.md`,
    );
  }
  if (version !== undefined && !versions.has(version)) {
    throw new SubscriberConfigError(
      `${at}: "${type}" has no version "${version}" in the catalogue (it has ${[...versions].join(', ')})`,
    );
  }
  return selector;
}

function checkTarget(target: unknown, at: string): SubscriberTarget {
  if (typeof target !== 'object' || target === null) {
    throw new SubscriberConfigError(`${at} must be { kind: ${SUBSCRIBER_TARGET_KINDS.join(' | ')}, arn }`);
  }
  const { kind, arn } = target as { kind?: unknown; arn?: unknown };
  if (!SUBSCRIBER_TARGET_KINDS.includes(kind as SubscriberTargetKind)) {
    throw new SubscriberConfigError(`${at}.kind must be one of ${SUBSCRIBER_TARGET_KINDS.join(', ')}`);
  }
  if (kind === 'sqs' && typeof arn === 'string' && arn.endsWith('.fifo')) {
    throw new SubscriberConfigError(
      `${at}.arn: FIFO queues are not supported (delivery is unordered): use a standard queue`,
    );
  }
  const expected = TARGET_ARN_PATTERNS[kind as SubscriberTargetKind];
  if (typeof arn !== 'string' || !expected.pattern.test(arn)) {
    throw new SubscriberConfigError(
      `${at}.arn must be the ARN of ${expected.label}, like ${expected.example}`,
    );
  }
  return { kind: kind as SubscriberTargetKind, arn };
}

export interface ParseOptions {
  /** Where the list comes from, for messages (`subscribers of environment dev`, a file name). */
  readonly source: string;
  /** Deployed subscribers need a target; local ones may omit it. */
  readonly targetRequired: boolean;
}

/**
 * Checks a subscriber list and returns it; anything wrong throws a SubscriberConfigError that
 * names the source, the entry and what to fix (synthesis and `npm start` fail on it).
 */
export function parseSubscribers(
  raw: unknown,
  options: ParseOptions & { targetRequired: true },
): Subscriber[];
export function parseSubscribers(raw: unknown, options: ParseOptions): LocalSubscriber[];
export function parseSubscribers(raw: unknown, options: ParseOptions): LocalSubscriber[] {
  if (!Array.isArray(raw)) throw new SubscriberConfigError(`${options.source}: subscribers must be an array`);
  const names = new Set<string>();
  return raw.map((entry: unknown, index) => {
    const at = `${options.source}: subscribers[${index}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new SubscriberConfigError(`${at} must be an object { name, events?, target }`);
    }
    const { name, events, target } = entry as { name?: unknown; events?: unknown; target?: unknown };
    if (typeof name !== 'string' || !SUBSCRIBER_NAME_PATTERN.test(name)) {
      throw new SubscriberConfigError(
        `${at}.name must be 1–64 characters of a-z, 0-9 and - (got ${JSON.stringify(name)})`,
      );
    }
    if (names.has(name)) throw new SubscriberConfigError(`${at}.name "${name}" is declared twice`);
    names.add(name);
    if (events !== undefined && (!Array.isArray(events) || events.length === 0)) {
      throw new SubscriberConfigError(`${at}.events must be a non-empty list, or omitted for every event`);
    }
    const checkedEvents = events?.map((selector: unknown, i: number) =>
      checkEventSelector(selector, `${at}.events[${i}]`),
    );
    if (target === undefined && options.targetRequired) {
      throw new SubscriberConfigError(
        `${at}.target is required: { kind: ${SUBSCRIBER_TARGET_KINDS.join(' | ')}, arn }`,
      );
    }
    return {
      name,
      ...(checkedEvents ? { events: checkedEvents } : {}),
      ...(target !== undefined ? { target: checkTarget(target, `${at}.target`) } : {}),
    };
  });
}
