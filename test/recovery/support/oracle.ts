import { type EventDetail, eventsOfOutboxItem } from '../../../functions/events/outbox.js';
import { bulkJobClaims, bulkJobInvariants } from './bulk-job-oracle.js';
import { foldShards, gunzippedText } from './normalize.js';
import type { Subject } from './world.js';

/**
 * The subject's share of a table, and the rules every state must keep whatever crashed:
 * one account per external number and per meter point, aggregates equal to a recount of the
 * items they count, and no claim held beyond its holder's lifetime.
 */
type Item = Record<string, unknown>;

export interface SubjectView {
  items: Item[];
  /** The events of the outbox items that name the subject. */
  events: EventDetail[];
  /** Service account numbers and ledger numbers of the subject's accounts. */
  accounts: string[];
}

/** An item as text, compressed attributes unpacked (binary values before JSON.stringify sees them). */
const searchable = (item: Item) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(item).map(([name, value]) => {
        if (value instanceof Uint8Array) {
          return [name, gunzippedText(value) ?? ''];
        }
        return [name, value instanceof Set ? [...value] : value];
      }),
    ),
  );

/** Which items and outbox events belong to the subject (they name its supplier, account or tokens). */
export function viewOf(all: readonly Item[], subject: Subject): SubjectView {
  const texts = all.map((item) => ({ item, text: searchable(item) }));
  const tokens = new Set([
    subject.supplier,
    subject.external,
    ...Object.values((subject.data.tokens as Record<string, string> | undefined) ?? {}),
  ]);
  const accounts = new Set<string>();
  for (const { item, text } of texts) {
    if (
      String(item.pk).startsWith('OUTBOX#') ||
      !(text.includes(subject.supplier) || text.includes(subject.external))
    )
      continue;
    if (item.sk === 'ACCOUNT') accounts.add(String(item.pk).slice('ACCOUNT#'.length));
    for (const name of ['service_account_number', 'ledger_number']) {
      if (typeof item[name] === 'string' && item[name] !== '') accounts.add(item[name] as string);
    }
  }
  for (const account of accounts) tokens.add(account);
  const names = (text: string) => [...tokens].some((token) => text.includes(token));
  const items: Item[] = [];
  const events: EventDetail[] = [];
  for (const { item, text } of texts) {
    // A key's record holds a request's answer: judged as the answer and as a claim, not as state.
    if (!names(text) || String(item.pk).startsWith('IDEMPOTENCY#')) continue;
    if (String(item.pk).startsWith('OUTBOX#')) {
      events.push(...eventsOfOutboxItem(item).filter((event) => names(JSON.stringify(event))));
    } else {
      items.push(item);
    }
  }
  // The parts of the account bodies the subject's items refer to (their keys name a hash, not the subject).
  const bodies = new Set(items.flatMap((item) => bodyOf(item)?.sha256 ?? []));
  items.push(...all.filter((item) => bodies.has(String(item.pk).slice('ACCOUNTBODY#'.length))));
  return { items, events, accounts: [...accounts] };
}

/** An item's account body kept in parts, when it has one. */
const bodyOf = (item: Item) => item.account_body as { sha256: string; parts: number } | undefined;

/** Every account body an item refers to is whole: its parts are all there. */
function bodiesWhole(view: SubjectView): string[] {
  return view.items.flatMap((item) => {
    const body = bodyOf(item);
    if (!body) return [];
    const parts = view.items.filter((part) => part.pk === `ACCOUNTBODY#${body.sha256}`).length;
    return parts === body.parts
      ? []
      : [
          `${String(item.pk)} ${String(item.sk)} refers to an account body with ${parts} of its ${body.parts} parts`,
        ];
  });
}

const bySk = (items: readonly Item[], prefix: string) =>
  items.filter((item) => String(item.sk).startsWith(prefix));

const setOf = (value: unknown) => new Set(value instanceof Set ? [...value].map(String) : []);

/** Aggregates against a recount, one account per external number and meter point, claims released; a bulk job's rules (./bulk-job-oracle.ts). */
export function invariants(view: SubjectView, subject: Subject): string[] {
  const found: string[] = [...bodiesWhole(view)];
  const accounts = view.items.filter((item) => item.sk === 'ACCOUNT');
  const processes = view.items.filter((item) => item.sk === 'PROCESS');
  const perExternal = new Map<string, number>();
  for (const account of accounts) {
    const external = String(account.external_account_number);
    perExternal.set(external, (perExternal.get(external) ?? 0) + 1);
  }
  for (const [external, count] of perExternal) {
    if (count > 1) found.push(`${count} accounts for the external number ${external}`);
  }
  for (const process of processes) {
    const created = process.service_account_number;
    if (created && !accounts.some((account) => account.pk === `ACCOUNT#${String(created)}`)) {
      found.push(`process names account ${String(created)}, which does not exist`);
    }
    if (process.status === 'IN_PROGRESS') found.push('the creation lock is still held after recovery');
  }
  for (const claim of view.items.filter((item) => item.sk === 'METERPOINT')) {
    if (!accounts.some((account) => account.pk === `ACCOUNT#${String(claim.account_number)}`)) {
      found.push(
        `meter point ${String(claim.mpxn)} claimed for account ${String(claim.account_number)}, which does not exist`,
      );
    }
  }
  found.push(...bulkJobInvariants(view.items));
  const folded = foldShards(view.items);
  for (const account of accounts) {
    const partition = view.items.filter((item) => item.pk === account.pk);
    const summary = folded.find((item) => item.pk === account.pk && item.sk === 'SUMMARY#*') ?? {};
    const transactions = bySk(partition, 'TXN#');
    const recount = {
      txn_count: transactions.length,
      note_count: bySk(partition, 'NOTE#').length,
    };
    for (const [name, count] of Object.entries(recount)) {
      if (Number(summary[name] ?? 0) !== count) {
        found.push(`account summary ${name} ${String(summary[name] ?? 0)}, recount ${count}`);
      }
    }
    const ledgerIds = transactions.map((item) => Number(item.ledger_entry_id));
    if (new Set(ledgerIds).size !== ledgerIds.length) found.push('two transactions share a ledger entry id');
    if (ledgerIds.some((id) => !(id < Number(account.next_ledger_entry_id)))) {
      found.push(
        `a ledger entry id is not below the account's next_ledger_entry_id ${String(account.next_ledger_entry_id)}`,
      );
    }
    const ids = transactions.map((item) => String(item.transaction_id)).sort();
    if (JSON.stringify([...setOf(summary.txn_ids)].sort()) !== JSON.stringify(ids)) {
      found.push('account summary txn_ids differ from the stored transactions');
    }
    const statements = bySk(partition, 'STATEMENT#')
      .map((item) => String(item.statement_id))
      .sort();
    if (JSON.stringify([...setOf(summary.statement_ids)].sort()) !== JSON.stringify(statements)) {
      found.push('account summary statement_ids differ from the stored statements');
    }
  }
  const counters =
    folded.find((item) => item.pk === `SUPPLIER#${subject.supplier}` && item.sk === 'COUNTER#*') ?? {};
  const live = processes.filter((item) => typeof item.gsi2pk === 'string');
  const tasks = view.items.filter((item) => item.sk === 'TASK');
  const recount = {
    pending: live.filter((item) => String(item.gsi2pk).endsWith('#PENDING')).length,
    imported: live.filter((item) => String(item.gsi2pk).endsWith('#IMPORTED')).length,
    scheduled: tasks.filter(
      (task) => (task.status === 'PENDING' || task.status === 'IN_PROGRESS') && task.is_dry_run !== true,
    ).length,
  };
  for (const [name, count] of Object.entries(recount)) {
    if (Number(counters[name] ?? 0) !== count) {
      found.push(`supplier counter ${name} ${String(counters[name] ?? 0)}, recount ${count}`);
    }
  }
  return found;
}

/** The lock lifetime before claims expired at their holder's deadline (the process lock's old constant). */
const LEGACY_LOCK_SECONDS = 300;
/** Expiries are stored in whole seconds, rounded up: a claim may expire this long after its holder's deadline. */
const WHOLE_SECOND_MS = 1_000;
/**
 * The function reads its remaining time and then the clock, as the child does when it reports the
 * deadline: on a busy machine, a process preempted between the two reads its deadline this much later.
 */
const DEADLINE_READING_MS = 250;

/**
 * Claims the subject's import items hold: each must expire by the deadline of the invocation that
 * took it (when its Lambda timeout stops it, as the child reported), plus the margin, 0 here. The
 * deadline is the holder's own, not the moment the harness started it: a child on a busy machine
 * starts its invocation seconds after it was spawned, and its claims expire that much later.
 */
export function heldClaims(items: readonly Item[], subject: Subject, holderDeadline: number) {
  const claims: { what: string; expiresAt: number }[] = [];
  const job = subject.data.tokens?.job as string | undefined;
  if (job) claims.push(...bulkJobClaims(items, job));
  for (const item of items) {
    if (String(item.pk).startsWith('IDEMPOTENCY#') && item.state === 'IN_FLIGHT') {
      claims.push({
        what: 'the idempotency key’s claim',
        expiresAt: Date.parse(String(item.claim_expires_at)),
      });
    }
    if (!String(item.pk).startsWith(`IMPORT#${subject.supplier}#`) || item.status !== 'IN_PROGRESS') continue;
    if (item.sk === 'PROCESS') {
      const expiry =
        typeof item.lock_expires_at === 'string'
          ? Date.parse(item.lock_expires_at)
          : Date.parse(String(item.in_progress_since)) + LEGACY_LOCK_SECONDS * 1000;
      claims.push({ what: 'the creation lock (PROCESS)', expiresAt: expiry });
    } else if (item.sk === 'TASK' && typeof item.lease_until === 'string') {
      claims.push({ what: 'the task lease (TASK)', expiresAt: Date.parse(item.lease_until) });
    }
  }
  return claims.map((claim) => ({
    ...claim,
    outlives: claim.expiresAt > holderDeadline + WHOLE_SECOND_MS + DEADLINE_READING_MS,
    secondsAfterDeadline: Math.round((claim.expiresAt - holderDeadline) / 100) / 10,
  }));
}
