import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as createStatements } from '../../functions/handlers/create-historical-statements.js';
import { handler as createNotes } from '../../functions/handlers/create-notes.js';
import { handler as createPaymentInstruction } from '../../functions/handlers/create-payment-instruction.js';
import { handler as createTransactions } from '../../functions/handlers/create-transactions.js';
import type { ImportedAccount } from '../../functions/rules/import-process.js';
import { createImportedAccount } from './support/imported-account.js';
import { type Handler, lambdaContext, postEvent } from './support/in-process.js';
import { paths, ref } from './support/post-import-api.js';

/**
 * Random bodies thrown at the four handlers (in process, against DynamoDB Local and the local
 * S3): never a 5xx, and every 4xx body has a code (and the standard or transaction shape).
 */
let account: ImportedAccount;
beforeAll(async () => {
  account = await createImportedAccount();
});

const endpoints: [string, string, Handler, string][] = [
  ['notes', paths.notes, createNotes as unknown as Handler, 'notes'],
  ['transactions', paths.transactions, createTransactions as unknown as Handler, 'transactions'],
  ['historical statements', paths.statements, createStatements as unknown as Handler, 'statements'],
  ['payment instruction', paths.paymentInstruction, createPaymentInstruction as unknown as Handler, 'vendor'],
];

function assertWellFormed(statusCode: number, body: string): void {
  expect(statusCode).toBeLessThan(500);
  if (statusCode < 400) return;
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(typeof parsed.code).toBe('string');
  if (parsed.status === 'TRANSACTION_IMPORT_ERROR') {
    expect(typeof parsed.error_detail).toBe('string');
    expect(parsed).toHaveProperty('transaction_data');
  } else {
    expect(typeof parsed.detail).toBe('string');
    if (statusCode === 400) expect(Array.isArray(parsed.errors)).toBe(true);
  }
}

describe('Random bodies: never a 5xx, every 4xx body is well formed', () => {
  it.each(endpoints)('%s: any JSON value as the body', async (_name, path, handler) => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        // Act
        const response = await handler(postEvent({ path, body }), lambdaContext);
        // Assess
        assertWellFormed(response.statusCode, response.body);
      }),
      { numRuns: 40 },
    );
  });

  it.each(endpoints)('%s: random items for an imported account', async (_name, path, handler, field) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.dictionary(
            fc.constantFrom(
              'body',
              'document_paths',
              'created_at',
              'transaction_id',
              'transaction_date',
              'amount',
              'type',
              'reason',
              'statement_id',
              'statement_path',
              'gross_amount',
              'is_pinned',
              'unpin_at',
            ),
            fc.jsonValue(),
          ),
          { maxLength: 5 },
        ),
        fc.jsonValue(),
        async (items, value) => {
          // Prepare
          const body =
            field === 'vendor'
              ? { ...ref(account), vendor: value, reference: value, type: value }
              : { ...ref(account), [field]: items };
          // Act
          const response = await handler(postEvent({ path, body }), lambdaContext);
          // Assess
          assertWellFormed(response.statusCode, response.body);
        },
      ),
      { numRuns: 40 },
    );
  });
});
