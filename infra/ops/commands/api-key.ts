import { describeApiKeys, issueApiKey, revokeApiKey } from '../../../functions/auth/api-keys.js';
import { scopeForNewKey } from '../../../functions/rules/organisation-scope.js';
import { SUPPLIER_CODE_PATTERN } from '../../../functions/rules/supplier.js';
import { getOrganisation } from '../../../functions/store/organisation-store.js';
import { getSupplier } from '../../../functions/store/supplier-store.js';
import { associateOrganisationWithUsagePlan } from '../organisation-usage-plan.js';
import { type Command, requireString, UsageError } from './command.js';

function parseSuppliers(value: string): string[] {
  const codes = value
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  if (codes.length === 0) throw new UsageError('--suppliers needs at least one supplier code');
  const invalid = codes.filter((code) => !SUPPLIER_CODE_PATTERN.test(code));
  if (invalid.length > 0) throw new UsageError(`invalid supplier code(s): ${invalid.join(', ')}`);
  return codes;
}

/** API keys. Keys are printed once, at creation; never listed, never logged. */
export const apiKeyCommands: Command[] = [
  {
    name: ['api-key', 'create'],
    usage: 'api-key create --organisation NAME [--suppliers A,B [--replace-scope]]',
    summary:
      'issue a new API key (printed once); a new organisation needs --suppliers, an existing one keeps its scope unless --replace-scope',
    options: {
      organisation: { type: 'string' },
      suppliers: { type: 'string' },
      'replace-scope': { type: 'boolean' },
    },
    async run(input) {
      const organisation = requireString(input, 'organisation');
      const requested =
        input.values.suppliers === undefined ? undefined : parseSuppliers(String(input.values.suppliers));
      const existing = (await getOrganisation(organisation))?.suppliers;
      const decision = scopeForNewKey(
        organisation,
        existing,
        requested,
        input.values['replace-scope'] === true,
      );
      if (!decision.ok) {
        console.error(`no key issued: ${decision.reason}`);
        return 2;
      }
      for (const code of decision.scope) {
        if (!(await getSupplier(code))) console.error(`warning: no import supplier ${code} (yet)`);
      }
      const issued = await issueApiKey(organisation, decision.scope);
      console.log(`API key issued for organisation ${organisation}.`);
      console.log(`key id: ${issued.keyId}`);
      if (decision.changedFrom) {
        console.log(
          `Scope of ${organisation} changed from ${decision.changedFrom.join(', ') || 'no supplier'} to ${issued.organisation.suppliers.join(', ')}: every key of the organisation now acts for these suppliers.`,
        );
      } else {
        console.log(
          `It acts for: ${issued.organisation.suppliers.join(', ')} (the scope of ${organisation}).`,
        );
      }
      console.log(`API key (shown once, store it securely): ${issued.apiKey}`);
      console.log(await associateOrganisationWithUsagePlan(input.environment ?? 'dev', organisation));
      return 0;
    },
  },
  {
    name: ['api-key', 'usage-plan'],
    usage: 'api-key usage-plan --organisation NAME',
    summary: 'give an organisation its own rate and burst: its API Gateway key in the usage plan',
    options: { organisation: { type: 'string' } },
    async run(input) {
      const organisation = requireString(input, 'organisation');
      console.log(await associateOrganisationWithUsagePlan(input.environment ?? 'dev', organisation));
      return 0;
    },
  },
  {
    name: ['api-key', 'revoke'],
    usage: 'api-key revoke KEY_ID',
    summary: 'revoke an API key: no new tokens; issued tokens expire within 60 min (+ authorizer cache)',
    async run({ positionals }) {
      const keyId = positionals[0];
      if (!keyId) throw new UsageError('api-key revoke KEY_ID');
      const outcome = await revokeApiKey(keyId);
      if (outcome === 'not_found') {
        console.error(`no API key ${keyId}`);
        return 1;
      }
      console.log(
        outcome === 'revoked' ? `API key ${keyId} revoked` : `API key ${keyId} was already revoked`,
      );
      return 0;
    },
  },
  {
    name: ['api-key', 'list'],
    usage: 'api-key list',
    summary: 'list API keys (ids, organisations, scopes, revocation; never the keys)',
    async run() {
      const keys = await describeApiKeys();
      console.table(
        keys.map((key) => ({
          key_id: key.key_id,
          organisation: key.organisation,
          suppliers: key.suppliers.join(','),
          created_at: key.created_at,
          revoked_at: key.revoked_at ?? '',
        })),
      );
      return 0;
    },
  },
];
