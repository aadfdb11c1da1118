import { describe, expect, it } from 'vitest';
import { emit } from '../../functions/events/emit.js';
import { lifecycleJoinSupplierRequestedV1 } from '../../functions/events/generated/emitted-validators.js';
import { validateEvent } from '../../functions/events/validate-event.js';
import { accountMeterPoints } from '../../functions/rules/meter-points/meter-point-status.js';
import {
  joinSupplierRequested,
  newJoinSupplierProcessNumber,
  requestedSupplyStartDate,
} from '../../functions/rules/meter-points/registration-flows.js';

const now = new Date('2026-06-15T23:30:00Z');

describe('The requested supply start date is the earliest agreement date when after today, else tomorrow', () => {
  it.each([
    [undefined, '2026-06-16'],
    ['2026-06-15', '2026-06-16'],
    ['2020-01-01', '2026-06-16'],
    ['2026-06-16', '2026-06-16'],
    ['2026-09-01', '2026-09-01'],
  ])('earliest agreement %s → %s', (earliest, expected) => {
    expect(
      requestedSupplyStartDate(earliest === undefined ? {} : { earliest_agreement_from: earliest }, now),
    ).toBe(expected);
  });

  it('takes the earliest of a meter point’s agreements', () => {
    const [meterPoint] = accountMeterPoints({
      supply_addresses: [
        {
          address1: 'x',
          postcode: 'NW1 6XE',
          customer_at_supply_address_from_date: '2020-01-01',
          meter_points: [
            {
              supply_type: 'GAS',
              identifier: '7654321',
              agreements: [
                { product_code: 'B', effective_from: '2026-10-01' },
                { product_code: 'A', effective_from: '2026-08-01' },
              ],
            },
          ],
        },
      ],
    });
    expect(meterPoint).toEqual({
      mpxn: '7654321',
      supply_type: 'GAS',
      earliest_agreement_from: '2026-08-01',
    });
  });
});

describe('lifecycle.join-supplier.requested v1 carries the requested meter points and passes its catalogue schema', () => {
  it('builds a payload that emit and the catalogue validator accept', () => {
    // Prepare
    const payload = joinSupplierRequested(
      'A-0000ABCD',
      newJoinSupplierProcessNumber(),
      [
        { mpxn: '1234567890126', supply_type: 'ELECTRICITY', earliest_agreement_from: '2026-09-01' },
        { mpxn: '7654321', supply_type: 'GAS' },
      ],
      now,
    );

    // Act
    const detail = emit(lifecycleJoinSupplierRequestedV1, payload);

    // Assess
    expect(validateEvent(detail)).toMatchObject({ valid: true });
    expect(payload).toEqual({
      account_number: 'A-0000ABCD',
      join_supplier_process_number: expect.stringMatching(/^JSP-[0-9A-F]{8}$/),
      subtype: 'MIGRATION',
      supply_points: [
        {
          external_identifier: '1234567890126',
          market_name: 'GB_ELECTRICITY',
          requested_supply_start_date: '2026-09-01',
        },
        { external_identifier: '7654321', market_name: 'GB_GAS', requested_supply_start_date: '2026-06-16' },
      ],
      requested_at: '2026-06-15T23:30:00Z',
    });
  });
});
