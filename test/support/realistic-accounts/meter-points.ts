import type { Json } from './amounts.js';

/**
 * Meter points as a migrating supplier holds them: supply from a start date, agreements that
 * follow one another from that start and cover the last billed date, one active meter whose
 * transfer readings are taken on the last billed date, reading history billed up to it, and the
 * consumption estimates (EACs per register TPR, an open-ended AQ) of a supply still live.
 */

/** Agreements one after another from `from`: each `[tariff_code, effective_to]`, the last open-ended. */
export function agreements(from: string, chain: readonly [string, string?][], extra: Json = {}): Json[] {
  let start = from;
  return chain.map(([tariff, to]) => {
    const agreement = {
      tariff_code: tariff,
      effective_from: start,
      effective_to: to ?? null,
      ...extra,
    };
    if (to) start = to;
    return agreement;
  });
}

export interface RegisterSpec {
  id: string;
  /** Time pattern regime; absent on a half-hourly meter's register. */
  tpr?: string;
  /** Annual consumption estimate for the TPR, kWh. */
  eac?: string;
  /** Reading on the last billed date, and one a quarter earlier. */
  read: string;
  earlier: string;
}

export interface ElectricityMeterSpec {
  serial: string;
  installed: string;
  smart: 'NONE' | 'SMETS1' | 'SMETS1_ENROLLED' | 'SMETS2';
  deviceId?: string;
  commissioned?: string;
  readingType?: 'SMART' | 'CUSTOMER' | 'ROUTINE' | 'ESTIMATE' | 'REGULAR';
  extra?: Json;
}

export interface ElectricitySpec {
  mpan: string;
  /** The distributor's market participant id (LOND, SOUT, YELG…). */
  mpid: string;
  start: string;
  billedTo: string;
  /** A quarter before `billedTo`: the earlier billed reading. */
  earlierRead: string;
  registers: readonly RegisterSpec[];
  meter: ElectricityMeterSpec;
  agreements: Json[];
  extra?: Json;
}

/** An electricity meter point with one active meter, each register billed to `billedTo`. */
export function electricityPoint(spec: ElectricitySpec): Json {
  const type = spec.meter.readingType ?? (spec.meter.smart === 'NONE' ? 'CUSTOMER' : 'SMART');
  const smart =
    spec.meter.smart === 'NONE'
      ? {}
      : {
          smart_device_id: spec.meter.deviceId ?? null,
          smart_commissioned_on: spec.meter.commissioned ?? spec.meter.installed,
        };
  return {
    supply_type: 'ELECTRICITY',
    identifier: spec.mpan,
    mpid: spec.mpid,
    supply_start_date: spec.start,
    eac_history: spec.registers
      .filter((register) => register.tpr !== undefined)
      .map((register) => ({
        tpr: register.tpr,
        effective_from: spec.start,
        consumption: register.eac ?? '2900',
        source: 'INDUSTRY',
      })),
    agreements: spec.agreements,
    meters: [
      {
        meter_serial_number: spec.meter.serial,
        installed_on: spec.meter.installed,
        is_prepay: false,
        smart_type: spec.meter.smart,
        ...smart,
        registers: spec.registers.map((register) => ({
          register_id: register.id,
          number_of_digits: 6,
          ...(register.tpr ? { tpr: register.tpr } : {}),
          is_settlement: true,
          last_billed_to_date: spec.billedTo,
        })),
        transfer_readings: spec.registers.map((register) => ({
          register_id: register.id,
          reading_date: spec.billedTo,
          reading_type: type,
          reading_value: register.read,
        })),
        reading_history: spec.registers.flatMap((register) => [
          {
            register_id: register.id,
            reading_date: spec.earlierRead,
            reading_type: type,
            reading_value: register.earlier,
            billed: true,
            validation_status: 'VALIDATED',
          },
          {
            register_id: register.id,
            reading_date: spec.billedTo,
            reading_type: type,
            reading_value: register.read,
            billed: true,
            validation_status: 'VALIDATED',
          },
        ]),
        ...spec.meter.extra,
      },
    ],
    ...spec.extra,
  };
}

export interface GasSpec {
  mprn: string;
  start: string;
  billedTo: string;
  earlierRead: string;
  /** Local distribution zone (SE, NW, WM…). */
  ldz: string;
  aq: string;
  meter: {
    serial: string;
    installed: string;
    smart: 'NONE' | 'SMETS1' | 'SMETS1_ENROLLED' | 'SMETS2';
    deviceId?: string;
    read: string;
    earlier: string;
    imperial?: boolean;
    extra?: Json;
  };
  agreements: Json[];
  extra?: Json;
}

/** A gas meter point with one active meter billed to `billedTo` and its open-ended AQ. */
export function gasPoint(spec: GasSpec): Json {
  const type = spec.meter.smart === 'NONE' ? 'CUSTOMER' : 'SMART';
  const smart =
    spec.meter.smart === 'NONE'
      ? {}
      : { smart_device_id: spec.meter.deviceId ?? null, smart_commissioned_on: spec.meter.installed };
  return {
    supply_type: 'GAS',
    identifier: spec.mprn,
    mpid: 'ACMG',
    shipper_mpid: 'ACS',
    supply_start_date: spec.start,
    ldz: spec.ldz,
    aq_history: [{ effective_from: spec.start, effective_to: null, consumption: spec.aq, source: 'XOSERVE' }],
    agreements: spec.agreements,
    meters: [
      {
        meter_serial_number: spec.meter.serial,
        gas_number_of_digits: 5,
        installed_on: spec.meter.installed,
        units_of_measure: spec.meter.imperial ? 'SCFH' : 'SCMH',
        is_prepay: false,
        smart_type: spec.meter.smart,
        ...smart,
        last_billed_to_date: spec.billedTo,
        transfer_readings: [
          { reading_date: spec.billedTo, reading_type: type, reading_value: spec.meter.read },
        ],
        reading_history: [
          {
            reading_date: spec.earlierRead,
            reading_type: type,
            reading_value: spec.meter.earlier,
            billed: true,
          },
          { reading_date: spec.billedTo, reading_type: type, reading_value: spec.meter.read, billed: true },
        ],
        ...spec.meter.extra,
      },
    ],
    ...spec.extra,
  };
}

/** A supply address in the legacy shape the payload carries. */
export function supplyAddress(
  lines: readonly string[],
  postcode: string,
  from: string,
  meterPoints: Json[],
  extra: Json = {},
): Json {
  const [first, ...rest] = lines;
  return {
    supply_address1: first,
    ...Object.fromEntries(rest.map((line, index) => [`supply_address${index + 2}`, line])),
    supply_postcode: postcode,
    customer_at_supply_address_from_date: from,
    meter_points: meterPoints,
    ...extra,
  };
}
