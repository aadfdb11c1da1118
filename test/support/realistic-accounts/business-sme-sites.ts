import type { Json } from './amounts.js';
import { agreements, electricityPoint, gasPoint } from './meter-points.js';

/**
 * The two sites of the SME bakery (business-sme.ts): the café's day/night electricity and gas,
 * and the bakery unit's half-hourly electricity, all on bespoke broker rates.
 */

export const CAFE_MPAN = '1903082462819';
export const CAFE_MPRN = '8862910453';
export const BAKERY_MPAN = '1960313721591';
export const BILLED_TO = '2025-06-30';
const BROKER = { intermediary: { portfolio_number: 'P-7Q2K9M4X', external_id: 'BRK-SOUTHCOAST-114' } };

export const cafeElectricity = (): Json =>
  electricityPoint({
    mpan: CAFE_MPAN,
    mpid: 'SEEB',
    start: '2023-07-01',
    billedTo: BILLED_TO,
    earlierRead: '2025-05-31',
    registers: [
      { id: '1', tpr: '00043', eac: '21400', read: '148830', earlier: '147052' },
      { id: '2', tpr: '00210', eac: '6100', read: '063391', earlier: '062884' },
    ],
    meter: {
      serial: '20M1104587',
      installed: '2020-09-14',
      smart: 'SMETS2',
      deviceId: '00-13-50-FF-FE-0A-22-91',
    },
    agreements: agreements(
      '2023-07-01',
      [['B-2R-FIX-24M-23-07-01-J', '2025-07-01'], ['B-2R-FIX-24M-25-07-01-J']],
      {
        ...BROKER,
        agreed_at: '2023-06-12T16:40:00Z',
        rates_agreed_at: '2023-06-12T16:40:00Z',
        bespoke_tariff_rates: [
          {
            meter_serial_number: '20M1104587',
            payment_method: 'DD',
            standing_charge: '0.8840',
            registers: [
              { register_id: '1', rate_type: 'ECO7_DAY', unit_rate: '0.2614' },
              { register_id: '2', rate_type: 'ECO7_NIGHT', unit_rate: '0.1872' },
            ],
          },
        ],
        characteristics: [{ code: 'sales_channel', value: 'BROKER' }],
      },
    ),
    extra: {
      profile_class: 4,
      ssc: '0013',
      measurement_class: 'A',
      agents: {
        dc_contract: { agent_mpid: 'UDMS', contract_reference: 'DC-44120', service_reference: 'DC01' },
        mop_contract: { agent_mpid: 'LBSL', contract_reference: 'MOP-88013', service_reference: 'MP02' },
      },
    },
  });

export const cafeGas = (): Json =>
  gasPoint({
    mprn: CAFE_MPRN,
    start: '2023-07-01',
    billedTo: BILLED_TO,
    earlierRead: '2025-05-31',
    ldz: 'SE',
    aq: '58600',
    meter: {
      serial: 'G6S09471103286',
      installed: '2019-05-02',
      smart: 'SMETS2',
      deviceId: '00-13-50-FF-FE-0A-22-95',
      read: '51208',
      earlier: '50741',
    },
    agreements: agreements(
      '2023-07-01',
      [['BG-1R-FIX-24M-23-07-01-J', '2025-07-01'], ['BG-1R-FIX-24M-25-07-01-J']],
      {
        ...BROKER,
        bespoke_tariff_rates: [{ payment_method: 'DD', standing_charge: '0.6210', unit_rate: '0.0718' }],
        rate_overrides: [{ rate_band: 'STANDARD', unit_price: '0.0699' }],
      },
    ),
    extra: {
      vat_exemptions: [{ effective_from: '2023-07-01', effective_to: '2024-07-01', rate: '0.05' }],
      ccl_exemptions: [{ effective_from: '2023-07-01', rate: '0.00' }],
    },
  });

export const bakeryElectricity = (): Json =>
  electricityPoint({
    mpan: BAKERY_MPAN,
    mpid: 'SEEB',
    start: '2023-07-01',
    billedTo: BILLED_TO,
    earlierRead: '2025-05-31',
    registers: [{ id: 'HH1', read: '0882150', earlier: '0861904' }],
    meter: { serial: 'A17E01289', installed: '2017-03-21', smart: 'NONE', readingType: 'ROUTINE' },
    agreements: agreements(
      '2023-07-01',
      [['B-HH-FIX-24M-23-07-01-J', '2025-07-01'], ['B-HH-FIX-24M-25-07-01-J']],
      BROKER,
    ),
    extra: {
      measurement_class: 'C',
      agents: {
        dc_contract: {
          agent_mpid: 'STAR',
          contract_reference: 'HHDC-2031',
          service_reference: 'HH01',
          is_customer_appointed: false,
        },
        da_contract: { agent_mpid: 'STAR', contract_reference: 'HHDA-2031', service_reference: 'HH01' },
        mop_contract: { agent_mpid: 'LBSL', contract_reference: 'HHMOP-4410', service_reference: 'HM01' },
      },
      capacity_values: [
        { effective_from_date: '2023-07-01', effective_to_date: '2024-10-01', value: '69' },
        { effective_from_date: '2024-10-01', value: '80' },
      ],
      configuration_periods: [
        {
          effective_from_date: '2023-07-01',
          energisation_status: 'E',
          gsp: '_J',
          llf: '511',
          measurement_class: 'C',
          mtc: 845,
        },
      ],
    },
  });
