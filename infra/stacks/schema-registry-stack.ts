import { aws_eventschemas as eventschemas, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { checkCatalogue, keyOf } from '../../schemas/build/events-catalogue.js';
import { registryJsonSchema } from '../../schemas/build/events-json-schema.js';
import { catalogue } from '../../schemas/catalogue/index.js';

/** EventBridge quota: schemas per registry (not adjustable). */
export const MAX_SCHEMAS_PER_REGISTRY = 100;
/** EventBridge quota: registries per account and region. */
export const MAX_REGISTRIES_PER_REGION = 10;
/** CloudFormation quota: resources per stack. */
export const MAX_RESOURCES_PER_STACK = 500;

/** Registries are named `data-import-events-1`, `data-import-events-2`, … */
export const REGISTRY_NAME_PREFIX = 'data-import-events';

/** Schemas created in parallel by CloudFormation at most (keeps the Schemas API from throttling). */
const PARALLEL_SCHEMAS = 10;

/** EventBridge schema names: letters, digits, `.`, `-`, `_`, `@`; at most 385 characters. */
export const schemaNameOf = (event: { type: string; version: string }): string =>
  keyOf(event).replace(/[^A-Za-z0-9@._-]/g, '_');

/**
 * Splits schema names (sorted in code-point order) into as few consecutive ranges as the
 * per-registry quota allows, of nearly equal size, so that each registry keeps headroom for
 * new events. Throws when the catalogue would need more registries than a region allows.
 */
export function registryRanges(names: readonly string[]): string[][] {
  const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const count = Math.max(1, Math.ceil(sorted.length / MAX_SCHEMAS_PER_REGISTRY));
  if (count > MAX_REGISTRIES_PER_REGION) {
    throw new Error(
      `${sorted.length} schemas need ${count} registries; EventBridge allows ${MAX_REGISTRIES_PER_REGION} per region`,
    );
  }
  const size = Math.ceil(sorted.length / count);
  return Array.from({ length: count }, (_, index) => sorted.slice(index * size, (index + 1) * size));
}

/**
 * The event catalogue in EventBridge schema registries, deployed once per account and region
 * (the catalogue does not depend on the environment). One `JSONSchemaDraft4` schema per
 * (event type, payload version), named like the detail-type (`account.created@v1`); each stands
 * alone (the structures it uses are copied into its `definitions`). A registry holds at most 100
 * schemas, so the catalogue is split by schema name into consecutive ranges, registry
 * `data-import-events-<n>` holding the n-th range (its description names the first and last).
 * A stack of its own, well under CloudFormation's 500 resources, so the service stacks keep
 * their own headroom.
 */
export class SchemaRegistryStack extends Stack {
  readonly registries: eventschemas.CfnRegistry[] = [];
  readonly schemas: eventschemas.CfnSchema[] = [];

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, props);
    const byName = checkCatalogue(catalogue);
    const eventsBySchemaName = new Map(catalogue.events.map((event) => [schemaNameOf(event), event]));
    registryRanges([...eventsBySchemaName.keys()]).forEach((range, index) => {
      const registry = new eventschemas.CfnRegistry(this, `Registry${index + 1}`, {
        registryName: `${REGISTRY_NAME_PREFIX}-${index + 1}`,
        description: (
          'Payload schemas of the data-import event catalogue (source data-import, detail-type <type>@<version>), ' +
          `schema names ${range[0]} to ${range.at(-1)}`
        ).slice(0, 256),
      });
      this.registries.push(registry);
      for (const name of range) {
        const event = eventsBySchemaName.get(name)!;
        const schema = new eventschemas.CfnSchema(this, `Schema-${keyOf(event)}`, {
          registryName: registry.attrRegistryName,
          schemaName: name,
          type: 'JSONSchemaDraft4',
          description: `Payload of ${event.type} ${event.version} (detail-type ${keyOf(event)})`.slice(
            0,
            256,
          ),
          content: JSON.stringify(registryJsonSchema(event, byName)),
        });
        const previous = this.schemas[this.schemas.length - PARALLEL_SCHEMAS];
        if (previous) schema.node.addDependency(previous);
        this.schemas.push(schema);
      }
    });
  }
}
