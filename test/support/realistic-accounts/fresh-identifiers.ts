import { randomUUID } from 'node:crypto';
import { randomMpan, randomMprn } from '../meter-points.js';
import type { Json } from './amounts.js';

/**
 * A copy of an account that a shared table has never seen: every meter point gets a fresh valid
 * MPAN core (electricity) or MPRN (gas), every field that names a meter point (a supply charge's
 * supply_point_identifier, a commission contract's mpxn, a feed-in tariff meter's mpan) follows
 * it, and the external account number gets a unique suffix. The input is left as it was.
 */

/** The fields that name a meter point by its MPAN core or MPRN. */
const METER_POINT_FIELDS = new Set(['identifier', 'supply_point_identifier', 'mpxn', 'mpan']);

function renamed(value: unknown, fresh: ReadonlyMap<string, string>, field?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => renamed(item, fresh));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, renamed(child, fresh, key)]));
  }
  if (typeof value === 'string' && field !== undefined && METER_POINT_FIELDS.has(field)) {
    return fresh.get(value) ?? value;
  }
  return value;
}

export function withFreshIdentifiers(account: Json): Json {
  const fresh = new Map<string, string>();
  const addresses = Array.isArray(account.supply_addresses) ? (account.supply_addresses as Json[]) : [];
  for (const address of addresses) {
    for (const meterPoint of (address.meter_points ?? []) as Json[]) {
      const identifier = String(meterPoint.identifier);
      fresh.set(identifier, meterPoint.supply_type === 'GAS' ? randomMprn() : randomMpan());
    }
  }
  const copy = renamed(account, fresh) as Json;
  copy.external_account_number = `${String(account.external_account_number)}-${randomUUID().slice(0, 8)}`;
  return copy;
}
