import type { Json } from '../support/realistic-accounts/amounts.js';
import { agreements, electricityPoint, gasPoint } from '../support/realistic-accounts/meter-points.js';

/** The supply and the people of the full account (./full-account.ts). */

/** A year of monthly readings per register. */
export const READINGS_PER_REGISTER = 12;

interface ReadingSpec {
  /** The last billed date, a month's end: the last reading is taken on it. */
  billedTo: string;
  /** The last reading's value, and how much the meter advances a month. */
  last: number;
  perMonth: number;
  digits: number;
  extra: Json;
}

/** Monthly SMART readings over the year to the last billed date, one at each month's end. */
function yearOfReadings({ billedTo, last, perMonth, digits, extra }: ReadingSpec): Json[] {
  const [year = 0, month = 0] = billedTo.split('-').map(Number);
  return Array.from({ length: READINGS_PER_REGISTER }, (_, i) => {
    const monthsBefore = READINGS_PER_REGISTER - 1 - i;
    return {
      ...extra,
      reading_date: new Date(Date.UTC(year, month - monthsBefore, 0)).toISOString().slice(0, 10),
      reading_type: 'SMART',
      reading_value: String(last - monthsBefore * perMonth).padStart(digits, '0'),
      billed: true,
    };
  });
}

/** The electricity and the gas meter point, each with its smart meter, agreements and a year of readings. */
export function fullAccountMeterPoints(points: { mpan: string; mprn: string }, billedTo: string): Json[] {
  const electricity = electricityPoint({
    mpan: points.mpan,
    mpid: 'LOND',
    start: '2023-12-01',
    billedTo,
    earlierRead: '2025-09-30',
    registers: [{ id: '1', tpr: '00001', eac: '2870', read: '021460', earlier: '020700' }],
    meter: {
      serial: '21L4406612',
      installed: '2024-01-15',
      smart: 'SMETS2',
      deviceId: '00-1C-8B-FF-FE-33-10-A2',
    },
    agreements: agreements(
      '2023-12-01',
      [['E-1R-FIX-12M-22-09-01-C', '2024-12-01'], ['E-1R-SVT-23-09-01-C']],
      {
        agreed_at: '2023-11-02T10:15:00Z',
        characteristics: [
          { code: 'sales_channel', value: 'DIRECT' },
          { code: 'gbr-electricity.payment-method', value: 'DIRECT_DEBIT' },
          { code: 'gbr-electricity.meter-rate-profile', value: 'flat_rate' },
        ],
      },
    ),
    extra: { profile_class: 1, ssc: '0393', measurement_class: 'A', regular_reading_cycle: 'M' },
  });
  const gas = gasPoint({
    mprn: points.mprn,
    start: '2023-12-01',
    billedTo,
    earlierRead: '2025-09-30',
    ldz: 'SE',
    aq: '11800',
    meter: {
      serial: 'E6S20931775124',
      installed: '2024-01-15',
      smart: 'SMETS2',
      deviceId: '00-1C-8B-FF-FE-33-10-A7',
      read: '06210',
      earlier: '05890',
    },
    agreements: agreements(
      '2023-12-01',
      [['G-1R-FIX-12M-22-09-01-C', '2024-12-01'], ['G-1R-SVT-23-09-01-C']],
      {
        characteristics: [
          { code: 'gbr-gas.payment-method', value: 'DIRECT_DEBIT' },
          { code: 'gbr-gas.meter-point-grid-supply-point-equivalent', value: '_C' },
        ],
      },
    ),
    extra: { regular_reading_cycle: 'CYSM' },
  });
  const [elecMeter] = electricity.meters as Json[];
  elecMeter!.reading_history = yearOfReadings({
    billedTo,
    last: 21460,
    perMonth: 230,
    digits: 6,
    extra: { register_id: '1', validation_status: 'VALIDATED' },
  });
  const [gasMeter] = gas.meters as Json[];
  gasMeter!.reading_history = yearOfReadings({ billedTo, last: 6210, perMonth: 95, digits: 5, extra: {} });
  return [electricity, gas];
}

/** Two account holders, each with priority services register records and consents. */
export function fullAccountCustomers(email: (who: string) => string): Json[] {
  const psr = (code: string, description: string, from: string) => ({
    elec_industry_code: code,
    gas_industry_code: code,
    description,
    effective_from: from,
    effective_to: null,
  });
  return [
    {
      title: 'Ms',
      given_name: 'Grace',
      family_name: 'Okafor',
      email: email('grace'),
      mobile: '+447911204418',
      date_of_birth: '1979-07-09',
      account_roles: ['ADMIN'],
      psr: [psr('22', 'Dialysis, feeding pump and automated medication', '2024-02-01T00:00:00Z')],
      consents: [
        { type: 'MARKETING_EMAIL', value: 'ACCEPTED', signed_at: '2023-11-02T10:10:00Z' },
        { type: 'SMART_METER_DATA_HALF_HOURLY', value: 'REJECTED', signed_at: '2024-01-15T09:30:00Z' },
      ],
      user_details: [{ namespace: 'external_user_id', value: 'CRM-U-70001' }],
    },
    {
      title: 'Mr',
      given_name: 'Samuel',
      family_name: 'Okafor',
      email: email('samuel'),
      landline: '+442079460319',
      date_of_birth: '1948-03-22',
      account_roles: ['FRIEND_FAMILY_MEMBER'],
      psr: [
        psr('14', 'Pensionable age', '2023-12-01T00:00:00Z'),
        { ...psr('19', 'Partially sighted', '2024-03-14T00:00:00Z'), additional_information: 'Large print' },
      ],
      consents: [{ type: 'MARKETING_EMAIL', value: 'REJECTED', signed_at: '2023-11-02T10:12:00Z' }],
      user_details: [{ namespace: 'external_user_id', value: 'CRM-U-70002' }],
    },
  ];
}
