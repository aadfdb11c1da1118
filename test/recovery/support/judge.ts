import { type CrashPath, cleanOr, normalizedAnswer, succeeded } from './crash-path.js';
import { eventLines, missingFrom, stateDifferences, stateLines } from './normalize.js';
import { invariants, viewOf } from './oracle.js';
import type { Answer } from './redrive.js';
import type { Subject } from './world.js';

/**
 * Judges a case against the clean run, once every event the functions stored has been handed
 * to the publisher: the rules every state keeps (one account per external number and meter
 * point, aggregates equal to a recount, no claim held), the same state and the same events as
 * the clean run (ids, times and the subject's names aside; an event may come more than once),
 * every stored event on the bus, and a documented answer. A client's retry after a lost answer
 * (the crash after the call's last write) must get the clean run's answer itself: the request's
 * idempotency key kept it in that write.
 */
type Item = Record<string, unknown>;

export interface Reference {
  subject: Subject;
  answer: Answer;
  state: string[];
  events: string[];
  problems: string[];
}

export function reference(subject: Subject, answer: Answer, items: readonly Item[]): Reference {
  const view = viewOf(items, subject);
  return {
    subject,
    answer,
    state: stateLines(subject, view.items),
    events: eventLines(subject, view.events, view.items),
    problems: invariants(view, subject),
  };
}

/** The retry after a lost answer gets the first answer again, marked as such. */
const firstAnswer = (clean: Answer, final: Answer): string | undefined => {
  const same = cleanOr()(clean, final);
  if (same) return `a retry after the lost answer ${same.replace(/^answered/, 'got')}`;
  return final.replayed
    ? undefined
    : 'a retry after the lost answer ran again (no Idempotent-Replayed: true)';
};

export function judge(
  path: CrashPath,
  clean: Reference,
  subject: Subject,
  final: Answer | undefined,
  items: readonly Item[],
  published: ReadonlySet<string>,
  lostAnswer = false,
): string[] {
  const view = viewOf(items, subject);
  const problems = [...invariants(view, subject)];
  problems.push(...stateDifferences(clean.state, stateLines(subject, view.items)));
  const events = eventLines(subject, view.events, view.items);
  for (const line of missingFrom(clean.events, events)) problems.push(`event missing: ${line}`);
  for (const line of missingFrom(events, clean.events)) problems.push(`event not in the clean run: ${line}`);
  for (const event of view.events) {
    if (!published.has(event.event_id))
      problems.push(`event ${event.event_type} ${event.event_id} never published`);
  }
  const check =
    path.redrive === 'client' && lostAnswer
      ? firstAnswer
      : (path.answer ?? (path.redrive === 'client' ? cleanOr() : succeeded));
  const wrong =
    final && check(normalizedAnswer(clean.answer, clean.subject), normalizedAnswer(final, subject), view);
  if (wrong) problems.push(wrong);
  return problems;
}
