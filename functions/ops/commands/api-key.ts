import { describeApiKeys, issueApiKey, revokeApiKey } from '../../auth/api-keys.js';
import { SUPPLIER_CODE_PATTERN } from '../../rules/supplier.js';
import { getSupplier } from '../../store/supplier-store.js';
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
    usage: 'api-key create --organisation NAME --suppliers A,B',
    summary: "set the organisation's supplier scope and issue a new API key (printed once)",
    options: { organisation: { type: 'string' }, suppliers: { type: 'string' } },
    async run(input) {
      const organisation = requireString(input, 'organisation');
      const suppliers = parseSuppliers(requireString(input, 'suppliers'));
      console.log(await associateOrganisationWithUsagePlan(input.environment ?? 'dev', organisation));
      for (const code of suppliers) {
        if (!(await getSupplier(code))) console.error(`warning: no import supplier ${code} (yet)`);
      }
      const issued = await issueApiKey(organisation, suppliers);
      console.log(`organisation ${organisation}: suppliers ${issued.organisation.suppliers.join(', ')}`);
      console.log(`key id: ${issued.keyId}`);
      console.log(`API key (shown once, store it securely): ${issued.apiKey}`);
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
