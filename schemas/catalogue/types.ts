/** The shape of the event catalogue (`./events.ts`). */

/** A scalar type of the spec's notation: s, i, b, n, o (an object with any properties). */
export type ScalarType = 'string' | 'integer' | 'boolean' | 'number' | 'object';

/**
 * A field's type: a scalar, a structure name (capitalised, defined in `structures`), or either
 * followed by `[]` for an array of it (the spec's `[T]`).
 */
export type FieldType = string;

export interface CatalogueField {
  name: string;
  type: FieldType;
  /** The spec's `*`. */
  required: boolean;
}

export interface CatalogueStructure {
  /** The short name the spec uses in field types (e.g. `Ledger`). */
  name: string;
  /** The platform's qualified name, where the spec gives one (e.g. `billing-_billing-Ledger`). */
  platformName?: string;
  fields: CatalogueField[];
}

export interface CatalogueEvent {
  /** The event type exactly as the spec lists it (may itself end in `.v2`). */
  type: string;
  /** The payload version exactly as the spec lists it (`v1`, `v2`, `v3`, `1.0.0`). */
  version: string;
  /** Which spec document lists it: A = events-part-a.md, B = events-part-b.md. */
  part: 'A' | 'B';
  /** The spec's section heading. */
  group: string;
  /** Where the spec gives the fields by shorthand: what the explicit field list was resolved from. */
  resolvedFrom?: string;
  /** Anything the spec says about this entry beyond its fields. */
  note?: string;
  /** The spec cuts this field list off: undocumented properties are allowed. */
  truncated?: boolean;
  fields: CatalogueField[];
}

export interface EventCatalogue {
  structures: CatalogueStructure[];
  events: CatalogueEvent[];
}
