import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { indexKeys, keys } from './keys.js';
import { listOperatorPartition } from './operator-listing.js';

/** An API-key holder and the import suppliers its keys may act for. */
export interface Organisation {
  name: string;
  suppliers: string[];
  created_at: string;
  updated_at: string;
}

function toOrganisation(item: Record<string, unknown>): Organisation {
  return {
    name: String(item.name),
    suppliers: Array.isArray(item.suppliers) ? item.suppliers.map(String) : [],
    created_at: String(item.created_at ?? ''),
    updated_at: String(item.updated_at ?? ''),
  };
}

export async function getOrganisation(name: string): Promise<Organisation | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.organisation(name) }),
  );
  return Item ? toOrganisation(Item) : undefined;
}

/** Creates the organisation or replaces its supplier scope (keeps `created_at`). */
export async function putOrganisation(name: string, suppliers: readonly string[]): Promise<Organisation> {
  const existing = await getOrganisation(name);
  const now = new Date().toISOString();
  const organisation: Organisation = {
    name,
    suppliers: [...new Set(suppliers)],
    created_at: existing?.created_at || now,
    updated_at: now,
  };
  await documentClient.send(new PutCommand({ TableName: TABLE_NAME, Item: organisationItem(organisation) }));
  return organisation;
}

/** The table item of an organisation. */
export function organisationItem(organisation: Organisation): Record<string, unknown> {
  return {
    ...keys.organisation(organisation.name),
    ...indexKeys.organisations(organisation.name),
    entity: 'Organisation',
    ...organisation,
  };
}

/** Operator listing (gsi3), never on a request path. */
export async function listOrganisations(): Promise<Organisation[]> {
  return listOperatorPartition(indexKeys.organisationsPartition, toOrganisation);
}
