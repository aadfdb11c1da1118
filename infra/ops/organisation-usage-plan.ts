import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  GetApiKeysCommand,
} from '@aws-sdk/client-api-gateway';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { usageIdentifierKeyOf } from '../../functions/auth/usage-identifier.js';

/**
 * Gives an organisation its own request rate and burst in a deployed environment: creates
 * (or reuses) the API Gateway API key `data-import-<env>-<organisation>`, whose value is the
 * one the authorizer returns for the organisation, and associates it with the environment's
 * usage plan (the `OrganisationUsagePlanId` output of stack `DataImport-<env>`). Idempotent.
 * Without it the organisation's requests get API Gateway's 403 (no key in the plan).
 * Against the local runtime it does nothing: the local API server limits each organisation
 * itself.
 */
export async function associateOrganisationWithUsagePlan(
  environment: string,
  organisation: string,
): Promise<string> {
  if (pointsAtLocalDynamoDb()) {
    return 'usage plan: nothing to do locally (the local API server applies each organisation’s limits itself)';
  }
  const usagePlanId = await usagePlanIdOf(environment);
  const name = `data-import-${environment}-${organisation}`;
  const client = new APIGatewayClient({});
  try {
    const { items } = await client.send(new GetApiKeysCommand({ nameQuery: name, limit: 500 }));
    let keyId = items?.find((key) => key.name === name)?.id;
    if (!keyId) {
      const created = await client.send(
        new CreateApiKeyCommand({
          name,
          description: `Usage plan key of organisation ${organisation} (not a credential: the authorizer supplies it)`,
          enabled: true,
          value: usageIdentifierKeyOf(organisation),
        }),
      );
      keyId = created.id;
    }
    try {
      await client.send(new CreateUsagePlanKeyCommand({ usagePlanId, keyId, keyType: 'API_KEY' }));
    } catch (error) {
      if ((error as Error).name !== 'ConflictException') throw error;
    }
    return `organisation ${organisation}: API Gateway key ${name} in usage plan ${usagePlanId}`;
  } finally {
    client.destroy();
  }
}

function pointsAtLocalDynamoDb(env: NodeJS.ProcessEnv = process.env): boolean {
  const url = env.AWS_ENDPOINT_URL_DYNAMODB;
  if (!url) return false;
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

async function usagePlanIdOf(environment: string): Promise<string> {
  const stackName = `DataImport-${environment}`;
  const client = new CloudFormationClient({});
  try {
    const { Stacks } = await client.send(new DescribeStacksCommand({ StackName: stackName }));
    const id = Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === 'OrganisationUsagePlanId')?.OutputValue;
    if (!id)
      throw new Error(
        `stack ${stackName} has no OrganisationUsagePlanId output (deploy the current version)`,
      );
    return id;
  } finally {
    client.destroy();
  }
}
