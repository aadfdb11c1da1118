import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { validateEnergyAccount } from '../../functions/account-validation/validate-energy-account.js';
import type { AccountPayload } from '../../functions/rules/account/account.js';
import { checkAccount } from '../../functions/rules/account/validate-account.js';
import { creationFloor, indexWriteUnits, itemBytes } from './creation-floor.js';
import { FULL_ACCOUNT, fullAccount, fullAccountDocuments } from './full-account.js';
import { transactionUnits } from './transaction-units.js';

type Item = Record<string, AttributeValue>;
type Json = Record<string, unknown>;
const list = (value: unknown) => value as Json[];

describe('Rule: the full account is a valid EnergyAccount holding everything the full-account section names', () => {
  it('passes the whole-account schema and every account rule, today', () => {
    // Prepare
    const account = fullAccount('BENCH', 'FULL-TEST-1');
    // Act
    const verdict = validateEnergyAccount(account);
    const { errors } = checkAccount(account as unknown as AccountPayload, new Date());
    // Assess
    expect(verdict).toEqual({ valid: true, account, warnings: [] });
    expect(errors).toEqual([]);
  });

  it('holds two meter points with a year of readings, two customers with PSR records and consents, 200 transactions, 24 statements, 10 notes, a Bottomline instruction and a schedule', () => {
    // Act
    const account = fullAccount('BENCH', 'FULL-TEST-2');
    // Assess
    const points = list(list(account.supply_addresses)[0]!.meter_points);
    expect(points.map((point) => point.supply_type)).toEqual(['ELECTRICITY', 'GAS']);
    for (const point of points) {
      expect(list(point.agreements).length).toBeGreaterThan(0);
      expect(list(list(point.meters)[0]!.reading_history)).toHaveLength(FULL_ACCOUNT.readingsPerRegister);
    }
    const customers = list(account.customers);
    expect(customers).toHaveLength(FULL_ACCOUNT.customers);
    for (const customer of customers) {
      expect(list(customer.psr).length).toBeGreaterThan(0);
      expect(list(customer.consents).length).toBeGreaterThan(0);
    }
    const transactions = [
      ...list(account.historical_statement_transactions),
      ...list(account.current_statement_transactions),
    ];
    expect(transactions).toHaveLength(FULL_ACCOUNT.transactions);
    expect(list(account.statements).map((s) => s.statement_path)).toEqual(
      fullAccountDocuments('FULL-TEST-2'),
    );
    expect(list(account.notes)).toHaveLength(FULL_ACCOUNT.notes);
    expect(list(account.payment_instructions).map((p) => p.vendor)).toEqual(['BOTTOMLINE_PTX']);
    expect(list(account.payment_schedules)).toHaveLength(FULL_ACCOUNT.paymentSchedules);
  });

  it('gives every account new meter point identifiers, so that many can be created on one table', () => {
    // Act
    const identifiers = [1, 2].map((n) =>
      list(list(fullAccount('BENCH', `FULL-TEST-${n}`).supply_addresses)[0]!.meter_points).map(
        (p) => p.identifier,
      ),
    );
    // Assess
    expect(identifiers[0]).not.toEqual(identifiers[1]);
  });
});

describe('Rule: the floor writes each item the creation left once, with its own PutItem', () => {
  it('sizes an item as DynamoDB does (names and values) and costs 1 unit per started KB', () => {
    // Prepare
    const small: Item = { pk: { S: 'ACCOUNT#A1' }, sk: { S: 'ACCOUNT' } };
    const large: Item = { pk: { S: 'ACCOUNT#A1' }, sk: { S: 'TXN#1' }, body: { S: 'x'.repeat(2000) } };
    // Act
    const floor = creationFloor([small, large]);
    // Assess
    expect(itemBytes(small)).toBe(2 + 10 + 2 + 7);
    expect(floor.write_units_table).toBe(1 + 2);
    expect(floor.by_family['ACCOUNT/TXN']).toEqual({ items: 1, bytes: itemBytes(large), write_units: 2 });
  });

  it('adds one write per started KB of each index copy, only for items carrying that index keys', () => {
    // Prepare
    const listed: Item = {
      pk: { S: 'IMPORT#S#E' },
      sk: { S: 'PROCESS' },
      gsi1pk: { S: 'SUPPLIER#S' },
      gsi1sk: { S: 'E' },
      gsi2pk: { S: 'SUPPLIER#S#PENDING' },
      gsi2sk: { S: 'E' },
      not_projected: { S: 'x'.repeat(3000) },
    };
    // Act / Assess
    expect(indexWriteUnits(listed)).toBe(2);
    expect(indexWriteUnits({ pk: { S: 'OUTBOX#1' }, sk: { S: 'OUTBOX' } })).toBe(0);
  });
});

describe('Rule: a transaction is counted as DynamoDB bills it, from its items before and after it', () => {
  const key = (pk: string) => `${pk}\u241fX`;
  const item = (pk: string, bytes: number): Item => ({
    pk: { S: pk },
    sk: { S: 'X' },
    d: { S: 'x'.repeat(bytes) },
  });

  it('costs 2 units per started KB of each item, however many items share a size', () => {
    // Prepare: DynamoDB Local reports 2 units for these three Puts.
    const after = new Map(['a', 'b', 'c'].map((pk) => [key(pk), item(pk, 100)]));
    // Act
    const units = transactionUnits([...after.keys()], new Map(), after);
    // Assess
    expect(units.table).toBe(6);
  });

  it('costs a deleted item its size, and an index copy moved to another key a delete and a put', () => {
    // Prepare
    const staged = item('staged', 3000);
    const pending: Item = { ...item('process', 10), gsi2pk: { S: 'P' }, gsi2sk: { S: 'E' } };
    const imported: Item = { ...pending, gsi2pk: { S: 'I' } };
    const before = new Map([
      [key('staged'), staged],
      [key('process'), pending],
    ]);
    const after = new Map([[key('process'), imported]]);
    // Act
    const units = transactionUnits([key('staged'), key('process')], before, after);
    // Assess
    expect(units.table).toBe(2 * 3 + 2 * 1);
    expect(units.byIndex).toEqual({ gsi2: 2 * 2 });
  });
});
