import { describe, expect, it } from 'vitest';
import { stepKey } from '../../client/etl/load-account.js';
import { isValidIdempotencyKey } from '../../functions/rules/idempotency/idempotency-key.js';

const BODY = JSON.stringify({ import_supplier: 'ACME', external_account_number: 'EXT-1', transactions: [] });

describe('The ETL sends each step under a key derived from the line, its refusals, the step and the batch', () => {
  it('the same line, step and batch give the same key: a retry or the next run after a crash gets the first answer', () => {
    expect(stepKey('line-hash', 0, 'transactions', BODY)).toBe(stepKey('line-hash', 0, 'transactions', BODY));
  });

  it('another line text, step or batch gives another key', () => {
    const key = stepKey('line-hash', 0, 'transactions', BODY);
    expect(stepKey('other-hash', 0, 'transactions', BODY)).not.toBe(key);
    expect(stepKey('line-hash', 0, 'notes', BODY)).not.toBe(key);
    expect(stepKey('line-hash', 0, 'transactions', `${BODY} `)).not.toBe(key);
  });

  it('a line sent again after a refusal (--retry) sends a new key, so the step runs again', () => {
    expect(stepKey('line-hash', 1, 'transactions', BODY)).not.toBe(
      stepKey('line-hash', 0, 'transactions', BODY),
    );
  });

  it('the key is one the API accepts', () => {
    expect(isValidIdempotencyKey(stepKey('line-hash', 3, 'payment_instruction', BODY))).toBe(true);
  });
});
