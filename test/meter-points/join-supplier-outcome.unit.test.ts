import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideMeterPointOutcome,
  type JoinSupplierOutcome,
  MAX_EVENT_ID_LENGTH,
  type MeterPointClaim,
  readJoinSupplierOutcome,
} from '../../functions/rules/meter-points/join-supplier-outcome.js';

const outcome = (
  kind: 'completed' | 'cancelled',
  joinSupplierProcessNumber = 'JSP-2',
  accountNumber = 'A-1',
): JoinSupplierOutcome => ({
  detailType: `lifecycle.join-supplier.${kind}@v1`,
  eventId: 'e-1',
  accountNumber,
  joinSupplierProcessNumber,
  mpxns: ['7654321'],
});

const claim = (status: string, process?: string): MeterPointClaim => ({
  account_number: 'A-1',
  status,
  ...(process ? { join_supplier_process_number: process } : {}),
});

describe('An inbound envelope is read as a join-supplier outcome only when it is one', () => {
  const envelope = (detail: Record<string, unknown>, payload: Record<string, unknown> = {}) => ({
    source: 'platform.lifecycle',
    'detail-type': 'lifecycle.join-supplier.cancelled@v1',
    detail: {
      event_id: 'e-1',
      ...detail,
      payload: {
        account_number: 'A-1',
        join_supplier_process_number: 'JSP-1',
        supply_points: [{ external_identifier: '7654321' }, { external_identifier: '7654321' }],
        ...payload,
      },
    },
  });

  it('reads the event id, the account number, the process number and the listed meter points (each once)', () => {
    expect(readJoinSupplierOutcome(envelope({}))).toEqual({
      ok: true,
      outcome: {
        detailType: 'lifecycle.join-supplier.cancelled@v1',
        eventId: 'e-1',
        accountNumber: 'A-1',
        joinSupplierProcessNumber: 'JSP-1',
        mpxns: ['7654321'],
      },
    });
  });

  it.each([
    [
      'another detail-type',
      { 'detail-type': 'lifecycle.join-supplier.requested@v1', detail: { payload: {} } },
    ],
    ['no payload', { 'detail-type': 'lifecycle.join-supplier.completed@v1', detail: {} }],
    ['no account number', envelope({}, { account_number: undefined })],
    ['no supply points', envelope({}, { supply_points: undefined })],
    ['no event id', envelope({ event_id: undefined })],
    ['an empty event id', envelope({ event_id: '' })],
    ['an event id longer than any event id', envelope({ event_id: 'e'.repeat(MAX_EVENT_ID_LENGTH + 1) })],
    ['no process number', envelope({}, { join_supplier_process_number: undefined })],
    ['a process number that is not a string', envelope({}, { join_supplier_process_number: 7 })],
  ])('refuses an envelope with %s, with a reason', (_case, refused) => {
    expect(readJoinSupplierOutcome(refused)).toMatchObject({ ok: false, reason: expect.any(String) });
  });
});

describe('An outcome changes only a meter point whose latest requested process it names', () => {
  it.each([
    ['completed', 'REGISTRATION_REQUESTED', 'JSP-1'],
    ['cancelled', 'REGISTRATION_REQUESTED', 'JSP-1'],
    ['completed', 'REGISTRATION_WITHDRAWN', 'JSP-1'],
    ['cancelled', 'PRE_REGISTRATION', undefined],
    ['completed', 'PRE_REGISTRATION', undefined],
  ] as const)(
    'a %s of JSP-2 leaves a meter point %s with latest process %s as it is (superseded)',
    (kind, status, process) => {
      expect(decideMeterPointOutcome(outcome(kind), '7654321', claim(status, process))).toEqual({
        mpxn: '7654321',
        outcome: 'superseded',
        status,
      });
    },
  );

  it('a meter point of another account, or none, is unknown', () => {
    expect(
      decideMeterPointOutcome(
        outcome('completed', 'JSP-2', 'A-2'),
        '7654321',
        claim('REGISTRATION_REQUESTED', 'JSP-2'),
      ),
    ).toEqual({
      mpxn: '7654321',
      outcome: 'unknown_meter_point',
    });
    expect(decideMeterPointOutcome(outcome('completed'), '7654321', undefined)).toEqual({
      mpxn: '7654321',
      outcome: 'unknown_meter_point',
    });
  });
});

describe('Within the latest process an outcome only moves a meter point up: REGISTRATION_REQUESTED < REGISTRATION_WITHDRAWN < ON_SUPPLY', () => {
  it.each([
    ['completed', 'REGISTRATION_REQUESTED', 'updated', 'ON_SUPPLY'],
    ['completed', 'REGISTRATION_WITHDRAWN', 'updated', 'ON_SUPPLY'],
    ['completed', 'ON_SUPPLY', 'unchanged', 'ON_SUPPLY'],
    ['cancelled', 'REGISTRATION_REQUESTED', 'updated', 'REGISTRATION_WITHDRAWN'],
    ['cancelled', 'REGISTRATION_WITHDRAWN', 'unchanged', 'REGISTRATION_WITHDRAWN'],
    ['cancelled', 'ON_SUPPLY', 'unchanged', 'ON_SUPPLY'],
  ] as const)('a %s of the latest process, meter point %s → %s, %s', (kind, status, result, after) => {
    const decided = decideMeterPointOutcome(outcome(kind), '7654321', claim(status, 'JSP-2'));
    expect(decided).toMatchObject({ mpxn: '7654321', outcome: result, status: after });
  });

  it('so any order and any number of repeats of a set of outcomes of one process ends where one in-order delivery does', () => {
    const apply = (status: string, kind: 'completed' | 'cancelled') => {
      const decided = decideMeterPointOutcome(outcome(kind), '7654321', claim(status, 'JSP-2'));
      return decided.outcome === 'updated' ? decided.status : status;
    };
    const deliveries = fc
      .array(fc.constantFrom('completed' as const, 'cancelled' as const), { minLength: 1, maxLength: 6 })
      .chain((sent) =>
        fc.tuple(
          fc.constant(sent),
          fc.shuffledSubarray(sent, { minLength: sent.length, maxLength: sent.length }),
          fc.array(fc.constantFrom(...sent), { maxLength: 6 }),
          fc.nat(),
        ),
      );
    fc.assert(
      fc.property(deliveries, ([sent, shuffled, repeats, at]) => {
        const inOrder = sent.reduce(apply, 'REGISTRATION_REQUESTED');
        const position = at % (shuffled.length + 1);
        const redelivered = [...shuffled.slice(0, position), ...repeats, ...shuffled.slice(position)];
        expect(redelivered.reduce(apply, 'REGISTRATION_REQUESTED')).toBe(inOrder);
      }),
    );
  });
});
