import type { DeprecationShapes } from './deprecation-shapes.js';

/** A deprecated field the payload carries: accepted, and named in the answer's `warnings`. */
export interface DeprecationWarning {
  attr: string;
  code: 'deprecated_field';
  detail: string;
  /** The field that replaces it, as published; `null` when none is named. */
  use_instead: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function warning(attr: string, useInstead: string | null): DeprecationWarning {
  return {
    attr,
    code: 'deprecated_field',
    detail:
      useInstead === null
        ? 'This field is deprecated; it is accepted for now.'
        : `This field is deprecated; it is accepted for now, use \`${useInstead}\` instead.`,
    use_instead: useInstead,
  };
}

/** The component an item is judged as: a union's chosen branch, or the component itself. */
function resolve(shapes: DeprecationShapes, name: string, item: Record<string, unknown>): string | undefined {
  const shape = shapes[name];
  if (shape === undefined) return undefined;
  if ('alias' in shape) return resolve(shapes, shape.alias, item);
  if ('union' in shape) {
    const branch = shape.union.branches[String(item[shape.union.property])];
    return branch === undefined ? undefined : resolve(shapes, branch, item);
  }
  return name;
}

function walk(
  shapes: DeprecationShapes,
  name: string,
  value: unknown,
  attr: string,
  out: DeprecationWarning[],
): void {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) walk(shapes, name, item, `${attr}.${index}`, out);
    return;
  }
  if (!isObject(value)) return;
  const resolved = resolve(shapes, name, value);
  const shape = resolved === undefined ? undefined : shapes[resolved];
  if (shape === undefined || !('fields' in shape)) return;
  for (const [field, { deprecated, component }] of Object.entries(shape.fields)) {
    if (!Object.hasOwn(value, field)) continue;
    const fieldAttr = attr ? `${attr}.${field}` : field;
    if (deprecated && value[field] !== null) out.push(warning(fieldAttr, deprecated.use_instead));
    if (component) walk(shapes, component, value[field], fieldAttr, out);
  }
}

/**
 * The deprecated fields a payload carries, in payload order of the shapes, each at its dot path
 * (`supply_addresses.0.meter_points.1.meters.0.serial_number`). A field sent as `null` is absent
 * and draws no warning.
 */
export function deprecationWarnings(
  shapes: DeprecationShapes,
  root: string,
  payload: unknown,
): DeprecationWarning[] {
  const out: DeprecationWarning[] = [];
  walk(shapes, root, payload, '', out);
  return out;
}
