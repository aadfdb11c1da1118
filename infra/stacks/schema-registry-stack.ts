import { aws_eventschemas as eventschemas, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { checkCatalogue, keyOf } from '../../schemas/build/events-catalogue.js';
import { registryJsonSchema } from '../../schemas/build/events-json-schema.js';
import { catalogue } from '../../schemas/catalogue/index.js';

export interface SchemaRegistryStackProps extends StackProps {
  /** Registry name; default `<stack name>-events` (one registry per environment). */
  registryName?: string;
}

/** Schemas created in parallel by CloudFormation at most (keeps the Schemas API from throttling). */
const PARALLEL_SCHEMAS = 10;

/** EventBridge schema names: letters, digits, `.`, `-`, `_`, `@`; at most 385 characters. */
export const schemaNameOf = (event: { type: string; version: string }): string =>
  keyOf(event).replace(/[^A-Za-z0-9@._-]/g, '_');

/**
 * The event catalogue in an EventBridge schema registry (design.md §6): one registry and one
 * `JSONSchemaDraft4` schema per (event type, payload version), named like the detail-type
 * (`account.created@v1`). Each schema stands alone: the structures it uses are copied into its
 * `definitions`. 291 schemas + 1 registry: its own stack, well under CloudFormation's 500
 * resources per stack, so the service stack keeps its own headroom.
 */
export class SchemaRegistryStack extends Stack {
  readonly registry: eventschemas.CfnRegistry;
  readonly schemas: eventschemas.CfnSchema[] = [];

  constructor(scope: Construct, id: string, props: SchemaRegistryStackProps = {}) {
    super(scope, id, props);
    const byName = checkCatalogue(catalogue);
    this.registry = new eventschemas.CfnRegistry(this, 'Registry', {
      registryName: props.registryName ?? `${this.stackName}-events`,
      description:
        'Payload schemas of the data-import event catalogue (source data-import, detail-type <type>@<version>).',
    });
    catalogue.events.forEach((event, index) => {
      const schema = new eventschemas.CfnSchema(this, `Schema-${keyOf(event)}`, {
        registryName: this.registry.attrRegistryName,
        schemaName: schemaNameOf(event),
        type: 'JSONSchemaDraft4',
        description: `Payload of ${event.type} ${event.version} (detail-type ${keyOf(event)})`.slice(0, 256),
        content: JSON.stringify(registryJsonSchema(event, byName)),
      });
      const previous = this.schemas[index - PARALLEL_SCHEMAS];
      if (previous) schema.node.addDependency(previous);
      this.schemas.push(schema);
    });
  }
}
