import { applyOrganisation } from '../../functions/auth/api-keys.js';
import {
  DEFAULT_EXPIRY_WINDOW_DAYS,
  type ImportSupplier,
  isSupplierStatus,
  SUPPLIER_CODE_PATTERN,
} from '../../functions/rules/supplier.js';
import { parseSupplierSetting, type SetSupplierSettings } from '../../functions/rules/supplier-settings.js';
import { putSupplier } from '../../functions/store/supplier-store.js';

/**
 * The seed / apply file. The local runtime applies `infra/local/seed.json`
 * at start; operators run `npm run ops -- apply FILE`. Plain-text API keys in a file are
 * for local use: only their hashes are stored.
 */
export interface SeedFile {
  suppliers: ImportSupplier[];
  organisations: { name: string; suppliers: string[]; api_keys: string[] }[];
}

export class SeedFormatError extends Error {}

/** A supplier's `settings` in a seed file: `{"NAME": VALUE}`, each as `--setting NAME=VALUE` takes it. */
function parseSettings(raw: unknown, at: string): { settings?: SetSupplierSettings } {
  if (raw === undefined) return {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new SeedFormatError(`${at} must be an object`);
  const settings: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const text = Array.isArray(value) ? value.join(',') : value === null ? 'none' : String(value);
    const parsed = parseSupplierSetting(`${name}=${text}`);
    if (!parsed.ok) throw new SeedFormatError(`${at}: ${parsed.problem.replace('--setting ', '')}`);
    if (parsed.value !== undefined) settings[parsed.name] = parsed.value;
  }
  return Object.keys(settings).length > 0 ? { settings: settings as SetSupplierSettings } : {};
}

export function parseSeed(raw: unknown): SeedFile {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new SeedFormatError('seed must be an object');
  const { suppliers = [], organisations = [], ...rest } = raw as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw new SeedFormatError(`unknown seed keys: ${unknown.join(', ')}`);
  if (!Array.isArray(suppliers) || !Array.isArray(organisations)) {
    throw new SeedFormatError('suppliers and organisations must be arrays');
  }
  return {
    suppliers: suppliers.map((entry, index) => {
      const s = entry as Record<string, unknown>;
      const code = String(s.code ?? '');
      const status = String(s.status ?? 'Ongoing');
      if (!SUPPLIER_CODE_PATTERN.test(code)) throw new SeedFormatError(`suppliers.${index}.code is invalid`);
      if (!isSupplierStatus(status)) throw new SeedFormatError(`suppliers.${index}.status is invalid`);
      const expiry =
        s.expiry_window_days === undefined ? DEFAULT_EXPIRY_WINDOW_DAYS : Number(s.expiry_window_days);
      if (!Number.isInteger(expiry) || expiry < 1) {
        throw new SeedFormatError(`suppliers.${index}.expiry_window_days is invalid`);
      }
      return {
        code,
        status,
        root_location: String(s.root_location ?? code.toLowerCase()),
        expiry_window_days: expiry,
        ...parseSettings(s.settings, `suppliers.${index}.settings`),
      };
    }),
    organisations: organisations.map((entry, index) => {
      const o = entry as Record<string, unknown>;
      if (typeof o.name !== 'string' || o.name === '')
        throw new SeedFormatError(`organisations.${index}.name is required`);
      const orgSuppliers = Array.isArray(o.suppliers) ? o.suppliers.map(String) : [];
      const apiKeys = Array.isArray(o.api_keys) ? o.api_keys : [];
      if (orgSuppliers.some((code) => !SUPPLIER_CODE_PATTERN.test(code))) {
        throw new SeedFormatError(`organisations.${index}.suppliers holds an invalid code`);
      }
      if (apiKeys.some((key) => typeof key !== 'string' || key.length < 8 || key.length > 512)) {
        throw new SeedFormatError(`organisations.${index}.api_keys must be strings of 8–512 characters`);
      }
      return { name: o.name, suppliers: orgSuppliers, api_keys: apiKeys as string[] };
    }),
  };
}

export async function applySeed(seed: SeedFile): Promise<string> {
  for (const supplier of seed.suppliers) await putSupplier(supplier);
  for (const organisation of seed.organisations) await applyOrganisation(organisation);
  return `applied ${seed.suppliers.length} supplier(s) and ${seed.organisations.length} organisation(s)`;
}
