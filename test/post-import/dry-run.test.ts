import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { eventsOfOutboxItem } from '../../functions/events/outbox.js';
import { documentClient, TABLE_NAME } from '../../functions/store/dynamodb.js';
import { forAccount, waitForEvents } from '../support/events-file.js';
import { api } from '../support/http.js';
import { putDocument } from './support/documents.js';
import { createImportedAccount } from './support/imported-account.js';
import {
  type AccountRef,
  exampleStatement,
  paths,
  paymentReference,
  ref,
  exampleTransactions as tx,
} from './support/post-import-api.js';
import { prepareAcmeToken, token } from './support/prepare.js';
import { accountItems } from './support/store.js';

prepareAcmeToken();

// Each case scans the whole shared table for outbox items twice (they are found by no key), and
// the table holds what every other test wrote: on a loaded two-core machine that is slow.
vi.setConfig({ testTimeout: 120_000 });

/** Outbox items (events waiting to be or already published) that mention this account. */
async function outboxItemsFor(account: AccountRef): Promise<unknown[]> {
  const found: unknown[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new ScanCommand({
        TableName: TABLE_NAME,
        FilterExpression: 'begins_with(pk, :outbox)',
        ExpressionAttributeValues: { ':outbox': 'OUTBOX#' },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    found.push(
      ...(page.Items ?? []).filter((item) =>
        JSON.stringify(eventsOfOutboxItem(item)).includes(account.external_account_number),
      ),
    );
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
}

const post = (path: string, body: Record<string, unknown>, query?: Record<string, string>) =>
  api('POST', path, { token, body, query });

/**
 * Posts `body` as a dry run, checks it kept and emitted nothing, then posts it for real and
 * returns both answers.
 */
async function dryRunThenReal(
  account: Awaited<ReturnType<typeof createImportedAccount>>,
  path: string,
  body: Record<string, unknown>,
  query?: Record<string, string>,
) {
  const before = await accountItems(account.service_account_number, '');
  const outboxBefore = await outboxItemsFor(account);
  const dry = await post(path, { ...ref(account), ...body, dry_run: true }, query);
  expect(await accountItems(account.service_account_number, '')).toEqual(before);
  expect(await outboxItemsFor(account)).toEqual(outboxBefore);
  const real = await post(path, { ...ref(account), ...body }, query);
  return { dry, real };
}

const statement = exampleStatement;

describe('Dry run: answers 200 {dry_run: true, result} where result is exactly what the real call then answers, and keeps and emits nothing', () => {
  it('notes: predicts NOTE_CREATION_SUCCESS and NOTE_ALREADY_EXISTS', async () => {
    // Prepare
    const account = await createImportedAccount();
    const pdf = `notes/${randomUUID()}.pdf`;
    await putDocument(`migrations/acme/${pdf}`);
    await post(paths.notes, {
      ...ref(account),
      notes: [{ body: 'kept before', created_at: '2026-01-01T00:00:00Z' }],
    });
    const notes = [
      { body: 'kept before', created_at: '2026-01-01T00:00:00Z' },
      { body: 'new one', created_at: '2026-01-02T00:00:00Z', document_paths: [{ document_path: pdf }] },
      { body: 'new one', created_at: '2026-01-02T00:00:00Z', document_paths: [{ document_path: pdf }] },
    ];
    // Act
    const { dry, real } = await dryRunThenReal(account, paths.notes, { notes });
    // Assess
    expect(dry.status).toBe(200);
    expect(real.status).toBe(201);
    expect(dry.json).toEqual({ dry_run: true, result: real.json });
    expect(real.json.map((note: { status: string }) => note.status)).toEqual([
      'NOTE_ALREADY_EXISTS',
      'NOTE_CREATION_SUCCESS',
      'NOTE_ALREADY_EXISTS',
    ]);
    const events = await waitForEvents(forAccount(account.external_account_number), { count: 2 });
    const stored = await accountItems(account.service_account_number, 'NOTE#');
    expect(events.map((event) => event.detail.payload.identifier).sort()).toEqual(
      stored.map((note) => note.note_id).sort(),
    );
  });

  it('transactions: predicts TRANSACTION_ADDED_TO_ACCOUNT and TRANSACTION_ALREADY_EXISTS, even with check_previously_added=false', async () => {
    // Prepare
    const account = await createImportedAccount({ openPeriodStart: '2026-01-01' });
    await post(paths.transactions, { ...ref(account), transactions: [tx.charge('T-OLD')] });
    const transactions = [tx.charge('T-OLD'), tx.credit('T-NEW'), tx.payment('T-MOVED', '2025-06-30')];
    // Act
    const { dry, real } = await dryRunThenReal(
      account,
      paths.transactions,
      { transactions },
      { check_previously_added: 'false' },
    );
    // Assess
    expect(dry.status).toBe(200);
    expect(real.status).toBe(201);
    expect(dry.json).toEqual({ dry_run: true, result: real.json, warnings: real.json.warnings });
    expect(real.json.results.map((result: { status: string }) => result.status)).toEqual([
      'TRANSACTION_ALREADY_EXISTS',
      'TRANSACTION_ADDED_TO_ACCOUNT',
      'TRANSACTION_ADDED_TO_ACCOUNT',
    ]);
  });

  it('statements: predicts the 201 body, and a repeat with the same content', async () => {
    // Prepare
    const account = await createImportedAccount();
    const pdf = `statements/${randomUUID()}.pdf`;
    await putDocument(`migrations/acme/${pdf}`);
    await post(paths.statements, { ...ref(account), statements: [statement('S-OLD')] });
    const statements = [statement('S-OLD'), statement('S-NEW', { statement_path: pdf, is_reversed: true })];
    // Act
    const { dry, real } = await dryRunThenReal(account, paths.statements, { statements });
    // Assess
    expect(dry.status).toBe(200);
    expect(real.status).toBe(201);
    expect(dry.json).toEqual({ dry_run: true, result: real.json });
    expect(real.json).toEqual({ ...ref(account), statements });
  });

  it('payment instruction: asks the vendor and predicts the 201 body', async () => {
    // Prepare
    const account = await createImportedAccount();
    const reference = paymentReference();
    // Act
    const { dry, real } = await dryRunThenReal(account, paths.paymentInstruction, {
      vendor: 'STRIPE',
      reference,
      type: 'CARD',
      ledger_code: 'MAIN',
    });
    // Assess
    expect(dry.status).toBe(200);
    expect(real.status).toBe(201);
    expect(dry.json).toEqual({ dry_run: true, result: real.json });
    expect(await accountItems(account.service_account_number, 'PAYMENT#')).toHaveLength(1);
  });
});

describe('Dry run: a dry run that would fail answers the same 4xx a real call would', () => {
  it('notes: a document path that does not exist is the same 400', async () => {
    // Prepare
    const account = await createImportedAccount();
    const notes = [
      { body: 'with a missing file', document_paths: [{ document_path: `missing/${randomUUID()}.pdf` }] },
    ];
    // Act
    const { dry, real } = await dryRunThenReal(account, paths.notes, { notes });
    // Assess
    expect(dry.status).toBe(400);
    expect(dry.json).toEqual(real.json);
    expect(dry.json.errors[0].code).toBe('path_does_not_exist_in_file_store');
  });

  it('transactions: a transaction in the future is the same TRANSACTION_IMPORT_ERROR', async () => {
    // Prepare
    const account = await createImportedAccount();
    const transactions = [tx.charge('T-FUTURE', '2999-01-01')];
    // Act
    const { dry, real } = await dryRunThenReal(account, paths.transactions, { transactions });
    // Assess
    expect(dry.status).toBe(400);
    expect(dry.json).toEqual(real.json);
    expect(dry.json.code).toBe('transaction_in_future');
  });

  it('statements: different content for a stored statement_id is the same 409', async () => {
    // Prepare
    const account = await createImportedAccount();
    await post(paths.statements, { ...ref(account), statements: [statement('S-1')] });
    const statements = [statement('S-1', { gross_amount: 1 })];
    // Act
    const { dry, real } = await dryRunThenReal(account, paths.statements, { statements });
    // Assess
    expect(dry.status).toBe(409);
    expect(dry.json).toEqual(real.json);
    expect(dry.json.code).toBe('historical_statement_already_exists');
  });

  it('payment instruction: the vendor not knowing the reference is the same 400', async () => {
    // Prepare
    const account = await createImportedAccount();
    const body = {
      vendor: 'STRIPE',
      reference: paymentReference('pm_notfound_'),
      type: 'CARD',
    };
    // Act
    const { dry, real } = await dryRunThenReal(account, paths.paymentInstruction, body);
    // Assess
    expect(dry.status).toBe(400);
    expect(dry.json).toEqual(real.json);
    expect(dry.json.errors[0].code).toBe('payment_instruction_not_found_at_vendor');
  });
});

describe('Warnings: a 201 or dry run of transactions carries transaction_date_moved for each forced date', () => {
  it('warns for each moved date with attr, from and to, and the dry run shows the same warnings', async () => {
    // Prepare
    const account = await createImportedAccount({ openPeriodStart: '2026-01-01' });
    const transactions = [
      tx.charge('W-1', '2023-05-01'),
      tx.credit('W-2', '2026-02-01'),
      tx.payment('W-3', '2024-12-31'),
    ];
    // Act
    const { dry, real } = await dryRunThenReal(account, paths.transactions, { transactions });
    // Assess
    expect(real.status).toBe(201);
    expect(real.json.warnings).toEqual([
      {
        attr: 'transactions.0.transaction_date',
        code: 'transaction_date_moved',
        detail: expect.stringContaining('2023-05-01'),
        from: '2023-05-01',
        to: '2026-01-01',
      },
      {
        attr: 'transactions.2.transaction_date',
        code: 'transaction_date_moved',
        detail: expect.stringContaining('2024-12-31'),
        from: '2024-12-31',
        to: '2026-01-01',
      },
    ]);
    expect(dry.json.warnings).toEqual(real.json.warnings);
  });

  it('carries no warnings when no date moved', async () => {
    // Prepare
    const account = await createImportedAccount({ openPeriodStart: '2026-01-01' });
    // Act
    const response = await post(paths.transactions, {
      ...ref(account),
      transactions: [tx.charge('N-1', '2026-02-01')],
    });
    // Assess
    expect(response.status).toBe(201);
    expect(response.json).not.toHaveProperty('warnings');
  });
});
