import {
  DEFAULT_EXPIRY_WINDOW_DAYS,
  isSupplierStatus,
  SUPPLIER_CODE_PATTERN,
  SUPPLIER_STATUSES,
} from '../../../functions/rules/supplier.js';
import {
  parseSupplierSetting,
  type SetSupplierSettings,
} from '../../../functions/rules/supplier-settings.js';
import { countImportProcesses } from '../../../functions/store/import-process-list-store.js';
import {
  getSupplier,
  listSuppliers,
  putSupplier,
  setSupplierStatus,
} from '../../../functions/store/supplier-store.js';
import { type Command, UsageError } from './command.js';

function parseStatus(value: unknown) {
  const status = String(value ?? 'Ongoing');
  if (!isSupplierStatus(status))
    throw new UsageError(`status must be one of ${SUPPLIER_STATUSES.join(', ')}`);
  return status;
}

function parseExpiryDays(value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > 3650)
    throw new UsageError('--expiry-days must be 1–3650');
  return days;
}

/** Pending/imported counts per supplier in `supplier list` (Select COUNT queries on gsi2). */
export type SupplierCounts = (code: string) => Promise<{ pending: number; imported: number }>;
let countsOf: SupplierCounts = async (code) => {
  const [pending, imported] = await Promise.all([
    countImportProcesses(code, 'PENDING'),
    countImportProcesses(code, 'IMPORTED'),
  ]);
  return { pending, imported };
};
/** Replaces how counts are obtained (tests). */
export function useSupplierCounts(counts: SupplierCounts): void {
  countsOf = counts;
}

/**
 * `--setting NAME=VALUE` (repeatable) over the settings the supplier has: `NAME=default` forgets
 * one. A bad setting is a usage error, before anything is written.
 */
function withSettings(current: SetSupplierSettings | undefined, assignments: unknown): SetSupplierSettings {
  const settings: Record<string, unknown> = { ...(current ?? {}) };
  const given = Array.isArray(assignments) ? assignments : assignments === undefined ? [] : [assignments];
  for (const assignment of given) {
    const parsed = parseSupplierSetting(String(assignment));
    if (!parsed.ok) throw new UsageError(parsed.problem);
    if (parsed.value === undefined) delete settings[parsed.name];
    else settings[parsed.name] = parsed.value;
  }
  return settings as SetSupplierSettings;
}

export const supplierCommands: Command[] = [
  {
    name: ['supplier', 'put'],
    usage: 'supplier put CODE --status S --root-location PATH [--expiry-days N] [--setting NAME=VALUE]…',
    summary: 'create or replace an import supplier (settings not named are kept)',
    options: {
      status: { type: 'string' },
      'root-location': { type: 'string' },
      'expiry-days': { type: 'string' },
      setting: { type: 'string', multiple: true },
    },
    async run({ values, positionals }) {
      const code = positionals[0] ?? '';
      if (!SUPPLIER_CODE_PATTERN.test(code)) throw new UsageError('CODE must be 1–64 of A-Z a-z 0-9 _ -');
      const existing = await getSupplier(code);
      const settings = withSettings(existing?.settings, values.setting);
      await putSupplier({
        code,
        status: parseStatus(values.status ?? existing?.status),
        root_location: String(values['root-location'] ?? existing?.root_location ?? code.toLowerCase()),
        expiry_window_days: parseExpiryDays(
          values['expiry-days'],
          existing?.expiry_window_days ?? DEFAULT_EXPIRY_WINDOW_DAYS,
        ),
        ...(Object.keys(settings).length > 0 ? { settings } : {}),
      });
      console.log(`supplier ${code} saved`);
      return 0;
    },
  },
  {
    name: ['supplier', 'set-status'],
    usage: 'supplier set-status CODE Ongoing|Paused|Complete',
    summary: 'change the status of an import supplier',
    async run({ positionals }) {
      const [code, status] = positionals;
      if (!code || !status) throw new UsageError('supplier set-status CODE STATUS');
      if (!(await setSupplierStatus(code, parseStatus(status)))) {
        console.error(`no supplier ${code}`);
        return 1;
      }
      console.log(`supplier ${code} is now ${status}`);
      return 0;
    },
  },
  {
    name: ['supplier', 'list'],
    usage: 'supplier list',
    summary: 'list import suppliers (with pending and imported counts)',
    async run() {
      const suppliers = await listSuppliers();
      const rows = [];
      for (const supplier of suppliers) {
        const counts = await countsOf(supplier.code);
        rows.push({
          code: supplier.code,
          status: supplier.status,
          root_location: supplier.root_location,
          expiry_days: supplier.expiry_window_days,
          ...counts,
        });
      }
      console.table(rows);
      return 0;
    },
  },
];
