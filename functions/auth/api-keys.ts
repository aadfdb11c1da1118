import { createApiKey, listApiKeys, revokeApiKey, upsertApiKey } from '../store/api-key-store.js';
import { getOrganisation, type Organisation, putOrganisation } from '../store/organisation-store.js';
import { generateApiKey, generateKeyId, hashSecret } from './credentials.js';

/**
 * Operator actions on organisations and API keys (CLI and seed). A new key is returned once
 * to the caller and stored only as its hash.
 */
export interface IssuedApiKey {
  keyId: string;
  apiKey: string;
  organisation: Organisation;
}

/** Creates or updates the organisation's supplier scope, then issues a new key for it. */
export async function issueApiKey(
  organisationName: string,
  suppliers: readonly string[],
): Promise<IssuedApiKey> {
  const organisation = await putOrganisation(organisationName, suppliers);
  const apiKey = generateApiKey();
  const keyId = generateKeyId();
  await createApiKey({
    key_id: keyId,
    key_hash: hashSecret(apiKey),
    organisation: organisation.name,
    created_at: new Date().toISOString(),
  });
  return { keyId, apiKey, organisation };
}

/** Stores an organisation and the hashes of the given plain-text keys (seed / apply files). */
export async function applyOrganisation(entry: {
  name: string;
  suppliers: readonly string[];
  api_keys: readonly string[];
}): Promise<void> {
  await putOrganisation(entry.name, entry.suppliers);
  for (const apiKey of entry.api_keys) await upsertApiKey(hashSecret(apiKey), entry.name, generateKeyId);
}

export interface ApiKeySummary {
  key_id: string;
  organisation: string;
  suppliers: string[];
  created_at: string;
  revoked_at: string | null;
}

/** Keys without their hashes, with their organisation's current scope. */
export async function describeApiKeys(): Promise<ApiKeySummary[]> {
  const records = await listApiKeys();
  const scopes = new Map<string, string[]>();
  for (const name of new Set(records.map((record) => record.organisation))) {
    scopes.set(name, (await getOrganisation(name))?.suppliers ?? []);
  }
  return records.map((record) => ({
    key_id: record.key_id,
    organisation: record.organisation,
    suppliers: scopes.get(record.organisation) ?? [],
    created_at: record.created_at,
    revoked_at: record.revoked_at ?? null,
  }));
}

export { revokeApiKey };
