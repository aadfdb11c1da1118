import type { Leaf } from './event-pattern-conditions.js';

/**
 * An event as EventBridge's matching engine (aws/event-ruler) reads it: flattened into fields,
 * one per scalar value (string, number, boolean, null) at a path of object keys, each with its
 * array membership: for every array of objects (or of arrays) the value sits in, which element.
 * Scalars directly in an array share their array's membership (the engine does not tell them
 * apart). Objects and empty arrays give no field. Only the paths a pattern names are read.
 */

/** Array id → element index: the elements of the event's arrays a value belongs to. */
export type ArrayMembership = ReadonlyMap<number, number>;

export interface EventField {
  readonly value: Leaf;
  readonly membership: ArrayMembership;
}

/** The paths a pattern reads, as a tree of keys; a node a pattern key ends at has an `id`. */
export interface PathTree {
  readonly children: Map<string, PathTree>;
  /** Set where a pattern key's path ends: its fields are indexed under this id. */
  id?: string;
}

export const newPathTree = (): PathTree => ({ children: new Map() });

/** Adds a path to the tree and returns the id its fields are indexed under. */
export function addPath(tree: PathTree, path: readonly string[]): string {
  let node = tree;
  for (const key of path) {
    let child = node.children.get(key);
    if (!child) {
      child = newPathTree();
      node.children.set(key, child);
    }
    node = child;
  }
  node.id ??= JSON.stringify(path);
  return node.id;
}

/** The membership of a value in no array, and of a match that has chosen no element yet. */
export const NO_MEMBERSHIP: ArrayMembership = new Map();

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The event's fields at the tree's paths, by path id. */
export function eventFields(event: Record<string, unknown>, tree: PathTree): Map<string, EventField[]> {
  const fields = new Map<string, EventField[]>();
  let arrays = 0;
  const visit = (value: unknown, node: PathTree, membership: ArrayMembership): void => {
    if (Array.isArray(value)) {
      const array = arrays++;
      value.forEach((element, index) => {
        const nested = typeof element === 'object' && element !== null;
        visit(element, node, nested ? new Map(membership).set(array, index) : membership);
      });
    } else if (isObject(value)) {
      for (const [key, child] of node.children) {
        if (Object.hasOwn(value, key)) visit(value[key], child, membership);
      }
    } else if (node.id !== undefined && value !== undefined) {
      const list = fields.get(node.id) ?? [];
      list.push({ value: value as Leaf, membership });
      fields.set(node.id, list);
    }
  };
  visit(event, tree, NO_MEMBERSHIP);
  return fields;
}

/**
 * The membership of a match so far extended by a field's, or `undefined` when the field sits in
 * another element of an array the match already chose an element of (array consistency).
 */
export function mergeMembership(soFar: ArrayMembership, field: ArrayMembership): ArrayMembership | undefined {
  let merged: Map<number, number> | undefined;
  for (const [array, index] of field) {
    const chosen = soFar.get(array);
    if (chosen === undefined) {
      merged ??= new Map(soFar);
      merged.set(array, index);
    } else if (chosen !== index) {
      return undefined;
    }
  }
  return merged ?? soFar;
}

/** A key naming a membership's elements of the arrays in `arrays`: equal keys, equal futures. */
export function membershipKey(membership: ArrayMembership, arrays: ReadonlySet<number>): string {
  return [...membership]
    .filter(([array]) => arrays.has(array))
    .sort(([a], [b]) => a - b)
    .map(([array, index]) => `${array}:${index}`)
    .join(',');
}
