/**
 * Where the account's deprecated fields are (generated from the schema source into
 * generated/deprecated-fields.ts): per component, its deprecated fields and the fields that lead
 * to another component holding one; a union by its discriminator's value; an `alias` where the
 * platform chooses the branch by a supplier setting and the payload is judged by the widest one.
 */
export interface FieldShape {
  deprecated?: { use_instead: string | null };
  /** The component the field's value is (or each of its items). */
  component?: string;
}

export type ComponentShape =
  | { fields: Record<string, FieldShape> }
  | { union: { property: string; branches: Record<string, string> } }
  | { alias: string };

export type DeprecationShapes = Record<string, ComponentShape>;
