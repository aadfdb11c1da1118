import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as createPaymentInstruction } from '../../functions/handlers/create-payment-instruction.js';
import { encodeCursor } from '../../functions/http/paging.js';
import { createImportedAccount } from '../post-import/support/imported-account.js';
import { exampleTransactions, paths } from '../post-import/support/post-import-api.js';
import { api } from '../support/http.js';
import { expectWellFormedAnswer } from './support/error-body.js';
import { invoke } from './support/in-process.js';
import { get, postText } from './support/raw-http.js';
import {
  accountPartition,
  createWorld,
  type HostileWorld,
  partitionItems,
  uniqueExternal,
} from './support/world.js';

/**
 * Every defect the hostile suites found, as the exact failing case (each answered 500 before
 * its fix). The fuzz finds them again only by chance; these keep them fixed.
 */
vi.setConfig({ testTimeout: 60_000 });

let world: HostileWorld;

beforeAll(async () => {
  world = await createWorld('REG');
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function ref() {
  const account = await createImportedAccount({
    supplier: world.supplier,
    externalAccountNumber: uniqueExternal('HZR'),
  });
  return {
    account,
    ref: { import_supplier: world.supplier, external_account_number: account.external_account_number },
  };
}

const post = (path: string, body: unknown) => api('POST', path, { token: world.token, body });

const lineItems = (count: number, units: number) =>
  Array.from({ length: count }, () => ({
    rate_band: 'CONSUMPTION_STANDARD',
    start_date: '2026-01-01',
    end_date: '2026-01-31',
    number_of_units: 1,
    net_amount: 1,
    price_per_unit: 1,
    units: Array.from({ length: units }, (_, i) => i + 0.5),
  }));

describe('Rule: input the table cannot hold is a 400 before any write, never a 500', () => {
  it('a note whose created_at is a leap second (valid RFC 3339, no JavaScript Date) → 400 invalid_datetime', async () => {
    const { ref: r } = await ref();
    const response = await post(paths.notes, {
      ...r,
      notes: [{ body: 'x', created_at: '2020-12-31T23:59:60Z' }],
    });
    expectWellFormedAnswer(response, 'leap second');
    expect(response.status).toBe(400);
  });

  it('a statement gross_amount beyond Number.MAX_SAFE_INTEGER (1e308) → 400', async () => {
    const { ref: r } = await ref();
    const statement = {
      statement_id: 'BIG',
      bill_period_from_date: '2025-01-01',
      bill_period_to_date: '2025-01-31',
      issued_date: '2025-02-01',
      number: '1',
      gross_amount: 1e308,
    };
    const response = await post(paths.statements, { ...r, statements: [statement] });
    expectWellFormedAnswer(response, 'gross_amount');
    expect(response.status).toBe(400);
  });

  for (const value of [1.2345678901234568e29, 1e-200, -9007199254740994]) {
    it(`a SUPPLY_CHARGE line item number ${value} (the SDK or DynamoDB refuses it) → 400 TRANSACTION_IMPORT_ERROR out_of_range`, async () => {
      const { account, ref: r } = await ref();
      const transaction = exampleTransactions.supplyCharge('NUM-1', '2026-01-05');
      transaction.line_items[0]!.net_amount = value;
      const response = await post(paths.transactions, { ...r, transactions: [transaction] });
      expectWellFormedAnswer(response, value, { transactions: true });
      expect(response.json).toMatchObject({ status: 'TRANSACTION_IMPORT_ERROR', code: 'out_of_range' });
      expect(response.json.error_detail).toContain('transactions.0.line_items.0.net_amount');
      expect(await partitionItems(accountPartition(account.service_account_number))).toHaveLength(1);
    });
  }

  it('one transaction larger than a DynamoDB item (1000 line items of 100 units) → 400 too_large, nothing written', async () => {
    const { account, ref: r } = await ref();
    const transaction = {
      ...exampleTransactions.supplyCharge('HUGE-1', '2026-01-05'),
      line_items: lineItems(1000, 100),
    };
    const response = await post(paths.transactions, { ...r, transactions: [transaction] });
    expectWellFormedAnswer(response, 'huge transaction', { transactions: true });
    expect(response.json).toMatchObject({ status: 'TRANSACTION_IMPORT_ERROR', code: 'too_large' });
    expect(await partitionItems(accountPartition(account.service_account_number))).toHaveLength(1);
  });

  it('98 large transactions (over the 4 MB transaction limit together) → 201, stored in several writes, each once', async () => {
    const { account, ref: r } = await ref();
    const transactions = Array.from({ length: 98 }, (_, i) => ({
      ...exampleTransactions.supplyCharge(`BIG-${i}`, '2026-01-05'),
      display_note: 'd'.repeat(10_000),
      product_code: 'p'.repeat(10_000),
      line_items: lineItems(40, 100),
    }));
    const response = await post(paths.transactions, { ...r, transactions });
    expect(response.status).toBe(201);
    const stored = (await partitionItems(accountPartition(account.service_account_number))).filter((item) =>
      String(item.sk).startsWith('TXN#'),
    );
    expect(stored).toHaveLength(98);
    expect(new Set(stored.map((item) => item.ledger_entry_id)).size).toBe(98);
  });

  it('a note with 1000 long document paths (one existing document, padded with ./) → 400 too_large, not a 500', async () => {
    const { account, ref: r } = await ref();
    const padded = `${'./'.repeat(480)}${world.documentPath}`;
    const note = {
      body: 'x',
      document_paths: Array.from({ length: 1000 }, () => ({ document_path: padded })),
    };
    const response = await post(paths.notes, { ...r, notes: [note] });
    expectWellFormedAnswer(response, 'huge note');
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([expect.objectContaining({ attr: 'notes.0', code: 'too_large' })]);
    expect(await partitionItems(accountPartition(account.service_account_number))).toHaveLength(1);
  });

  it('notes that fit one by one but not together in one 4 MB transaction → 201, each stored once', async () => {
    const { account, ref: r } = await ref();
    const padded = `${'./'.repeat(480)}${world.documentPath}`;
    const notes = Array.from({ length: 30 }, (_, i) => ({
      body: `big note ${i}`,
      document_paths: Array.from({ length: 140 }, () => ({ document_path: padded })),
    }));
    const response = await post(paths.notes, { ...r, notes });
    expect(response.status).toBe(201);
    const stored = (await partitionItems(accountPartition(account.service_account_number))).filter((item) =>
      String(item.sk).startsWith('NOTE#'),
    );
    expect(stored).toHaveLength(30);
  });
});

describe('Rule: the local S3 answers like S3 for a key with a long segment', () => {
  it('a statement_path with a 1001-character segment and no object → 400 path_does_not_exist_in_file_store (s3rver, the former local S3, answered 500)', async () => {
    const { ref: r } = await ref();
    const statement = {
      statement_id: 'LONG',
      bill_period_from_date: '2025-01-01',
      bill_period_to_date: '2025-01-31',
      issued_date: '2025-02-01',
      number: '1',
      gross_amount: 1,
      statement_path: 'y'.repeat(1001),
    };
    const response = await post(paths.statements, { ...r, statements: [statement] });
    expectWellFormedAnswer(response, 'long path');
    expect(response.json.errors).toEqual([
      expect.objectContaining({
        attr: 'statements.0.statement_path',
        code: 'path_does_not_exist_in_file_store',
      }),
    ]);
  });
});

describe('Rule: hostile JSON is refused at the edge with a 400', () => {
  it('a payment reference holding a lone surrogate (encodeURIComponent throws) → 400 invalid_unicode', async () => {
    const { ref: r } = await ref();
    const response = await postText(
      paths.paymentInstruction,
      world.token,
      `{"import_supplier":"${r.import_supplier}","external_account_number":"${r.external_account_number}","vendor":"STRIPE","reference":"pm_\\ud800","type":"CARD"}`,
    );
    expectWellFormedAnswer(response, 'lone surrogate');
    expect(response.json.errors).toEqual([
      expect.objectContaining({ attr: 'reference', code: 'invalid_unicode' }),
    ]);
  });

  for (const [name, inner] of [
    ['a transaction', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    [
      'a line item',
      `{"transaction_id":"D","transaction_date":"2026-01-05","amount":1,"type":"SUPPLY_CHARGE","line_items":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    ],
  ]) {
    it(`${name} nested 100 000 levels deep (echoing it overflowed the stack) → 400 too_deeply_nested`, async () => {
      const { ref: r } = await ref();
      const response = await postText(
        paths.transactions,
        world.token,
        `{"import_supplier":"${r.import_supplier}","external_account_number":"${r.external_account_number}","transactions":[${inner}]}`,
      );
      expectWellFormedAnswer(response, name);
      expect(response.json.errors).toEqual([expect.objectContaining({ code: 'too_deeply_nested' })]);
    });
  }

  it('a payment reference "." or ".." never leaves /v1/payment_methods/ at the vendor', async () => {
    const { ref: r } = await ref();
    const urls: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      urls.push(new URL(String(input)).pathname);
      return realFetch(input, init);
    });
    for (const reference of ['.', '..']) {
      const response = await invoke(createPaymentInstruction, {
        method: 'POST',
        path: paths.paymentInstruction,
        body: { ...r, vendor: 'STRIPE', reference, type: 'CARD' },
        suppliers: [world.supplier],
      });
      expect(response.status).toBe(400);
    }
    expect(urls.filter((url) => !url.startsWith('/v1/payment_methods/'))).toEqual([]);
  });
});

describe('Rule: odd path parameters and cursors give 4xx, never a DynamoDB key error', () => {
  it('account-transfer-status with a 5000-character external account number → 404 import_process_does_not_exist', async () => {
    const response = await get(
      `/v1/data-import/account-transfer-status/${world.supplier}/${'x'.repeat(5000)}/`,
      world.token,
    );
    expectWellFormedAnswer(response, 'long external');
    expect(response.json.code).toBe('import_process_does_not_exist');
  });

  it('a list for a 2100-character supplier code → 404 import_supplier_not_found', async () => {
    const response = await get(
      `/v1/data-import/all-account-import-processes/${'A'.repeat(2100)}/`,
      world.token,
    );
    expectWellFormedAnswer(response, 'long supplier');
    expect(response.json.code).toBe('import_supplier_not_found');
  });

  for (const after of ['', 'x'.repeat(3000)]) {
    it(`a cursor signed with the service's key but positioned at a ${after.length}-character key → 400 invalid_cursor`, async () => {
      const cursor = await encodeCursor({ list: 'ALL', supplier: world.supplier, after });
      const response = await get(
        `/v1/data-import/all-account-import-processes/${world.supplier}/?cursor=${encodeURIComponent(cursor)}`,
        world.token,
      );
      expectWellFormedAnswer(response, 'forged cursor');
      expect(response.json.errors).toEqual([
        expect.objectContaining({ attr: 'cursor', code: 'invalid_cursor' }),
      ]);
    });
  }
});
