import { charge, credit, type Json, payment, repayment, supplyCharge } from './amounts.js';
import { agreements, electricityPoint, gasPoint } from './meter-points.js';

/**
 * The supply of the smart dual-fuel household (domestic-dual-fuel.ts): its meter points, the
 * last bill's transactions and those since.
 */

export const MPAN = '1252601815904';
export const MPRN = '7104839215';
export const BILLED_TO = '2025-03-14';
export const BILL = 'BILL-2025-03-0419';

export const electricity = (): Json =>
  electricityPoint({
    mpan: MPAN,
    mpid: 'LOND',
    start: '2022-09-01',
    billedTo: BILLED_TO,
    earlierRead: '2024-12-14',
    registers: [{ id: '1', tpr: '00001', eac: '2870', read: '018342', earlier: '017630' }],
    meter: {
      serial: '19L3067421',
      installed: '2022-10-12',
      smart: 'SMETS2',
      deviceId: '00-1C-8B-FF-FE-21-4A-07',
    },
    agreements: agreements(
      '2022-09-01',
      [['E-1R-FIX-12M-22-09-01-C', '2023-09-01'], ['E-1R-SVT-23-09-01-C']],
      {
        agreed_at: '2022-08-11T14:02:00Z',
        characteristics: [
          { code: 'sales_channel', value: 'PRICE_COMPARISON' },
          { code: 'gbr-electricity.payment-method', value: 'DIRECT_DEBIT' },
          { code: 'gbr-electricity.meter-rate-profile', value: 'flat_rate' },
        ],
      },
    ),
    extra: {
      profile_class: 1,
      ssc: '0393',
      measurement_class: 'A',
      regular_reading_cycle: 'M',
      smart_site_visit: [
        {
          date: '2022-10-12',
          metering_agent: 'SMS',
          reference_number: 'SMS-22-7781034',
          status: 'SUCCESSFUL',
          work_category: 'EXCHANGE',
        },
      ],
    },
  });

export const gas = (): Json =>
  gasPoint({
    mprn: MPRN,
    start: '2022-09-01',
    billedTo: BILLED_TO,
    earlierRead: '2024-12-14',
    ldz: 'SE',
    aq: '11800',
    meter: {
      serial: 'E6S12839502161',
      installed: '2022-10-12',
      smart: 'SMETS2',
      deviceId: '00-1C-8B-FF-FE-21-4A-0B',
      read: '04127',
      earlier: '03868',
    },
    agreements: agreements(
      '2022-09-01',
      [['G-1R-FIX-12M-22-09-01-C', '2023-09-01'], ['G-1R-SVT-23-09-01-C']],
      {
        characteristics: [
          { code: 'gbr-gas.payment-method', value: 'DIRECT_DEBIT' },
          { code: 'gbr-gas.meter-point-grid-supply-point-equivalent', value: '_C' },
        ],
      },
    ),
    extra: { regular_reading_cycle: 'CYSM' },
  });

export const historical = (): Json[] => [
  repayment('RF-250115', '2025-01-15', '60.00', 'PARTIAL_CREDIT_REFUND', { reference: 'RF-0419-01' }),
  payment('DD-250101', '2025-01-01', '142.00'),
  charge('CH-250120', '2025-01-20', '2.50', 'PAPER_BILL_FEE'),
  payment('DD-250201', '2025-02-01', '142.00'),
  credit('CR-250210', '2025-02-10', '25.00', 'CUSTOMER_SERVICE_GESTURE', { note: 'Missed appointment' }),
  payment('DD-250301', '2025-03-01', '142.00'),
  supplyCharge({
    id: 'SC-E-250314',
    date: BILLED_TO,
    product: 'E-1R-SVT-23-09-01-C',
    meterPoint: MPAN,
    vat: '0.05',
    bill: BILL,
    lines: [
      { from: '2024-12-15', to: BILLED_TO, units: '712.0', price: '0.2473', band: 'STANDARD' },
      { from: '2024-12-15', to: BILLED_TO, units: '90', price: '0.6097', band: 'STANDING_CHARGE' },
    ],
  }),
  supplyCharge({
    id: 'SC-G-250314',
    date: BILLED_TO,
    product: 'G-1R-SVT-23-09-01-C',
    meterPoint: MPRN,
    vat: '0.05',
    bill: BILL,
    lines: [
      { from: '2024-12-15', to: BILLED_TO, units: '2902.4', price: '0.0632', band: 'STANDARD' },
      { from: '2024-12-15', to: BILLED_TO, units: '90', price: '0.3165', band: 'STANDING_CHARGE' },
    ],
  }),
];

export const current = (): Json[] => [
  credit('CR-250320', '2025-03-20', '10.00', 'DIRECT_DEBIT_DISCOUNT'),
  charge('CH-250325', '2025-03-25', '5.00', 'IMPORTED_CHARGE', { note: 'Returned Direct Debit fee' }),
  payment('DD-250401', '2025-04-01', '142.00'),
  repayment('RF-250403', '2025-04-03', '40.00', 'PARTIAL_CREDIT_REFUND'),
  supplyCharge({
    id: 'SC-E-250414',
    date: '2025-04-14',
    product: 'E-1R-SVT-23-09-01-C',
    meterPoint: MPAN,
    vat: '0.05',
    lines: [
      { from: '2025-03-15', to: '2025-04-14', units: '231.5', price: '0.2473', band: 'STANDARD' },
      { from: '2025-03-15', to: '2025-04-14', units: '31', price: '0.6097', band: 'STANDING_CHARGE' },
    ],
  }),
];
