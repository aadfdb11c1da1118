import { describe, expect, it, vi } from 'vitest';
import type { Account } from '../../functions/rules/account/account.js';
import { withoutNulls } from '../../functions/rules/account/account.js';
import {
  accountCreationEvents,
  createdKindCounts,
} from '../../functions/rules/account/creation-events/index.js';
import { obtainToken } from '../support/auth.js';
import { waitForEvents } from '../support/events-file.js';
import { api } from '../support/http.js';
import { realisticAccounts, withFreshIdentifiers } from '../support/realistic-accounts/index.js';
import { EVENT_WAIT, processAccount, stage } from './support/accounts.js';

// Thirteen accounts created whole on a shared runtime.
vi.setConfig({ testTimeout: 90_000 });

const summaryPath = (external: string) =>
  `/v1/data-import/account-summary/ACME/${encodeURIComponent(external)}/`;

/** How many of each event type a list holds. */
function countByType(events: readonly { event_type: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { event_type } of events) counts[event_type] = (counts[event_type] ?? 0) + 1;
  return counts;
}

describe('Rule: creating an account creates everything the staged account holds, and the summary counts every kind', () => {
  for (const { name, account } of realisticAccounts()) {
    it(`${name}: process/ answers 201; the summary counts its transactions, notes, statements, instruction and every created kind; its events are emitted`, async () => {
      // Prepare
      const token = await obtainToken();
      const payload = withFreshIdentifiers(account);
      const external = String(payload.external_account_number);
      const staged = await stage(token, payload);
      expect(staged.status, JSON.stringify(staged.json)).toBe(201);
      const normalised = withoutNulls(payload) as Account;
      const transactions = [
        ...(normalised.current_statement_transactions ?? []),
        ...(normalised.historical_statement_transactions ?? []),
      ];
      const instructions = normalised.payment_instructions ?? [];

      // Act
      const created = await processAccount(token, 'ACME', external);
      const summary = await api('GET', summaryPath(external), { token });

      // Assess
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const number = created.json.service_account_number;
      expect(summary.status).toBe(200);
      expect(summary.json.transactions.count).toBe(transactions.length);
      expect(summary.json.notes.count).toBe((normalised.notes ?? []).length);
      expect(summary.json.statements.count).toBe(
        new Set((normalised.statements ?? []).map((s) => s.statement_id)).size,
      );
      expect(summary.json.payment_instruction?.reference ?? null).toBe(
        instructions.at(-1)?.reference ?? null,
      );
      expect(summary.json.created).toEqual({ ...createdKindCounts(normalised) });
      // The creation's events carry ids derived from the account and their place: the same here.
      const built = accountCreationEvents(normalised, {
        serviceAccountNumber: number,
        importSupplier: 'ACME',
        externalAccountNumber: external,
        firstId: 1,
        createdAt: new Date(),
      });
      const ids = new Set(built.map((event) => event.event_id));
      const emitted = await waitForEvents((event) => ids.has(event.detail.event_id), {
        ...EVENT_WAIT,
        count: built.length,
      });
      expect(countByType(emitted.map((event) => event.detail))).toEqual(countByType(built));
      const ledger = await waitForEvents(
        (event) =>
          event.detail.event_type === 'billing.ledger.entry_posted' &&
          JSON.stringify(event.detail.payload).includes(
            created.json.service_account_number.replace('A-', 'L-'),
          ),
        { ...EVENT_WAIT, count: transactions.length },
      );
      expect(ledger).toHaveLength(transactions.length);
    });
  }
});
