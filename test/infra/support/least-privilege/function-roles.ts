import { environmentConfig } from '../../../../infra/config/environments.js';
import { logicalIdOf, type Synthesized } from '../synth.js';
import { type PolicyDocument, type TemplateJson, TemplateValues } from '../template-values.js';

/**
 * Each function of the synthesized stack as IAM sees it: its role's policies, its environment
 * and what Lambda itself does with the role for it, every intrinsic resolved to the values of one
 * account and region (./template-values.ts).
 */

/** An action on a resource a function's role must allow, and why (for what is not the code's). */
export interface Need {
  action: string;
  resource: string;
  reason: string;
}

export interface FunctionRole {
  functionId: string;
  roleArn: string;
  policies: { name: string; policy: PolicyDocument }[];
  /** The function's environment variables, resolved. */
  environment: Record<string, string>;
  /** What Lambda does with the function's role: logs, traces, event sources, destinations. */
  platformNeeds: Need[];
}

type Resources = TemplateJson['Resources'];

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const isRefTo = (value: unknown, logicalId: string) =>
  (value as { Ref?: string } | undefined)?.Ref === logicalId;

/** A destination's ARN → what sending a record there takes. */
function destinationNeed(arn: string, reason: string): Need {
  const service = arn.split(':')[2];
  const action =
    service === 'sqs'
      ? 'sqs:SendMessage'
      : service === 'sns'
        ? 'sns:Publish'
        : service === 'lambda'
          ? 'lambda:InvokeFunction'
          : service === 'events'
            ? 'events:PutEvents'
            : `${service}:unsupported-destination`;
  return { action, resource: arn, reason };
}

const SQS_SOURCE_ACTIONS = ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes'];
const STREAM_SOURCE_ACTIONS = ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'];

/** What an event source mapping reads its source with, and where it sends records it gives up on. */
function eventSourceNeeds(values: TemplateValues, properties: Record<string, unknown>): Need[] {
  const source = String(values.resolve(properties.EventSourceArn));
  const needs: Need[] = [];
  if (source.startsWith('arn:aws:sqs:')) {
    const reason = 'the queue event source polls and deletes messages with the function’s role';
    needs.push(...SQS_SOURCE_ACTIONS.map((action) => ({ action, resource: source, reason })));
  } else if (/^arn:aws:dynamodb:.*\/stream\//.test(source)) {
    const reason = 'the table stream event source reads the stream with the function’s role';
    needs.push(...STREAM_SOURCE_ACTIONS.map((action) => ({ action, resource: source, reason })));
    needs.push({
      action: 'dynamodb:ListStreams',
      resource: '*',
      reason: `${reason}; ListStreams has no resource-level permissions`,
    });
  } else {
    needs.push({
      action: 'unsupported-event-source',
      resource: source,
      reason: 'no rule for this source yet',
    });
  }
  const onFailure = (properties.DestinationConfig as { OnFailure?: { Destination?: unknown } } | undefined)
    ?.OnFailure?.Destination;
  if (onFailure) {
    needs.push(
      destinationNeed(
        String(values.resolve(onFailure)),
        'the event source sends what it gives up on to its on-failure destination with the function’s role',
      ),
    );
  }
  return needs;
}

function platformNeedsOf(values: TemplateValues, resources: Resources, functionLogicalId: string): Need[] {
  const properties = resources[functionLogicalId]?.Properties ?? {};
  const needs: Need[] = [];
  const logGroup = (properties.LoggingConfig as { LogGroup?: unknown } | undefined)?.LogGroup;
  const logGroupArn = logGroup
    ? values.arnOf((logGroup as { Ref: string }).Ref)
    : `arn:aws:logs:${values.deployment.region}:${values.deployment.account}:log-group:/aws/lambda/${values.nameOf(functionLogicalId)}:*`;
  for (const action of ['logs:CreateLogStream', 'logs:PutLogEvents']) {
    needs.push({
      action,
      resource: logGroupArn,
      reason: 'Lambda writes the function’s logs to its log group with its role',
    });
  }
  if ((properties.TracingConfig as { Mode?: string } | undefined)?.Mode === 'Active') {
    for (const action of ['xray:PutTraceSegments', 'xray:PutTelemetryRecords']) {
      needs.push({
        action,
        resource: '*',
        reason:
          'active tracing: Lambda sends the function’s trace segments with its role (no resource-level permissions)',
      });
    }
  }
  for (const resource of Object.values(resources)) {
    if (
      resource.Type === 'AWS::Lambda::EventSourceMapping' &&
      isRefTo(resource.Properties?.FunctionName, functionLogicalId)
    ) {
      needs.push(...eventSourceNeeds(values, resource.Properties ?? {}));
    }
    if (
      resource.Type === 'AWS::Lambda::EventInvokeConfig' &&
      isRefTo(resource.Properties?.FunctionName, functionLogicalId)
    ) {
      const destinations = resource.Properties?.DestinationConfig as
        | Record<string, { Destination?: unknown }>
        | undefined;
      for (const [kind, destination] of Object.entries(destinations ?? {})) {
        needs.push(
          destinationNeed(
            String(values.resolve(destination.Destination)),
            `Lambda sends the records of asynchronous invocations (${kind}) to the destination with the function’s role`,
          ),
        );
      }
    }
  }
  return needs;
}

function policiesOfRole(values: TemplateValues, resources: Resources, roleLogicalId: string) {
  const role = resources[roleLogicalId]?.Properties ?? {};
  if (asList(role.ManagedPolicyArns as unknown[]).length > 0) {
    throw new Error(`${roleLogicalId} has managed policies: the least-privilege test cannot read them`);
  }
  const inline = asList(role.Policies as { PolicyName: string; PolicyDocument: unknown }[]).map((p) => ({
    name: p.PolicyName,
    policy: values.resolve(p.PolicyDocument) as PolicyDocument,
  }));
  const attached = Object.entries(resources)
    .filter(
      ([, resource]) =>
        resource.Type === 'AWS::IAM::Policy' &&
        asList(resource.Properties?.Roles as unknown[]).some((r) => isRefTo(r, roleLogicalId)),
    )
    .map(([logicalId, resource]) => ({
      name: logicalId,
      policy: values.resolve(resource.Properties?.PolicyDocument) as PolicyDocument,
    }));
  return [...inline, ...attached];
}

/** The account and region the ARNs are resolved in: the environment's own. */
export function deploymentOf(env: string) {
  const config = environmentConfig(env);
  return { account: config.account, region: config.region };
}

/** Every function of the synthesized stack (the stack's function map: new functions are in it). */
export function functionRoles(
  synthesized: Synthesized,
  env = 'dev',
): { values: TemplateValues; roles: FunctionRole[] } {
  const template = synthesized.template.toJSON() as TemplateJson;
  const values = new TemplateValues(template, deploymentOf(env));
  const roles = [...synthesized.stack.functions.entries()].map(([functionId, fn]) => {
    if (!fn.role) throw new Error(`${functionId} has no role`);
    const functionLogicalId = logicalIdOf(fn);
    const roleLogicalId = logicalIdOf(fn.role);
    const variables = (
      template.Resources[functionLogicalId]?.Properties?.Environment as { Variables?: unknown }
    )?.Variables;
    return {
      functionId,
      roleArn: values.arnOf(roleLogicalId),
      policies: policiesOfRole(values, template.Resources, roleLogicalId),
      environment: values.resolve(variables ?? {}) as Record<string, unknown> as Record<string, string>,
      platformNeeds: platformNeedsOf(values, template.Resources, functionLogicalId),
    };
  });
  return { values, roles };
}
