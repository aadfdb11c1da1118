import {
  SUPPLIER_SETTING_DEFINITIONS,
  type SupplierSettingDefinition,
} from '../../schemas/api/supplier-settings.js';

export { SUPPLIER_SETTING_DEFINITIONS };

/**
 * A supplier's import settings: how the platform is configured to import that supplier's
 * accounts, which some published account rules depend on. The operator sets them with
 * `npm run ops -- supplier put CODE --setting NAME=VALUE`; a setting never set has the
 * platform's default. Pure: definitions, parsing and defaults.
 */

type Definition = SupplierSettingDefinition;

export type SupplierSettingName = keyof typeof SUPPLIER_SETTING_DEFINITIONS;
export const SUPPLIER_SETTING_NAMES = Object.keys(SUPPLIER_SETTING_DEFINITIONS) as SupplierSettingName[];

type ValueOf<D> = D extends { type: 'boolean' }
  ? boolean
  : D extends { type: 'optional-boolean' }
    ? boolean | null
    : D extends { type: 'list' }
      ? string[]
      : D extends { default: null }
        ? number | null
        : number;

/** Every setting's value for a supplier (defaults filled in). */
export type SupplierSettings = {
  -readonly [N in SupplierSettingName]: ValueOf<(typeof SUPPLIER_SETTING_DEFINITIONS)[N]>;
};
/** The settings an operator set (the rest have the platform's defaults). */
export type SetSupplierSettings = Partial<SupplierSettings>;

export const isSupplierSettingName = (name: string): name is SupplierSettingName =>
  Object.hasOwn(SUPPLIER_SETTING_DEFINITIONS, name);

/** Every setting, the ones set over the defaults. */
export function supplierSettings(set: SetSupplierSettings | undefined): SupplierSettings {
  const defaults = Object.fromEntries(
    SUPPLIER_SETTING_NAMES.map((name) => [name, SUPPLIER_SETTING_DEFINITIONS[name].default]),
  ) as unknown as SupplierSettings;
  return { ...defaults, ...(set ?? {}) };
}

/**
 * `NAME=VALUE` as an operator writes it: a boolean `true`/`false` (an optional one may be
 * `none`), a whole number in range (an
 * optional number may be `none`), a comma-separated list; `NAME=default` forgets the setting.
 * Answers the value, `undefined` for `default`, or a sentence saying what is wrong.
 */
export function parseSupplierSetting(
  assignment: string,
):
  | { ok: true; name: SupplierSettingName; value: SupplierSettings[SupplierSettingName] | undefined }
  | { ok: false; problem: string } {
  const at = assignment.indexOf('=');
  const name = at < 0 ? assignment : assignment.slice(0, at);
  const raw = at < 0 ? '' : assignment.slice(at + 1).trim();
  if (!isSupplierSettingName(name)) {
    return {
      ok: false,
      problem: `--setting ${name}: no such setting (${SUPPLIER_SETTING_NAMES.join(', ')})`,
    };
  }
  if (at < 0) return { ok: false, problem: `--setting ${name}: write NAME=VALUE` };
  if (raw === 'default') return { ok: true, name, value: undefined };
  const definition: Definition = SUPPLIER_SETTING_DEFINITIONS[name];
  if (definition.type === 'boolean') {
    return raw === 'true' || raw === 'false'
      ? { ok: true, name, value: raw === 'true' }
      : { ok: false, problem: `--setting ${name} must be true, false or default` };
  }
  if (definition.type === 'optional-boolean') {
    return raw === 'true' || raw === 'false' || raw === 'none'
      ? { ok: true, name, value: raw === 'none' ? null : raw === 'true' }
      : { ok: false, problem: `--setting ${name} must be true, false, none or default` };
  }
  if (definition.type === 'list') {
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    return { ok: true, name, value: items };
  }
  if (raw === 'none' && definition.default === null) return { ok: true, name, value: null };
  const value = Number(raw);
  return Number.isInteger(value) && value >= definition.min && value <= definition.max
    ? { ok: true, name, value }
    : {
        ok: false,
        problem: `--setting ${name} must be a whole number from ${definition.min} to ${definition.max}, or default`,
      };
}
