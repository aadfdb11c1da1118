import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runSimulation, type Simulation } from '@cloud-copilot/iam-simulate';
import { projectRoot } from '../../../../schemas/project-root.js';
import { resourceArnOfVariable } from '../../../support/aws-calls/iam-requests.js';
import type { RecordedCall } from '../../../support/aws-calls/recording.js';
import type { PolicyDocument, TemplateValues } from '../template-values.js';
import type { BundleCall } from './bundle-calls.js';
import { declares } from './bundle-code.js';
import type { FunctionRole } from './function-roles.js';

/**
 * The least-privilege check: every call a function makes must be allowed by its role (IAM's own
 * evaluation logic, `@cloud-copilot/iam-simulate`, with the resource's policy when it has one), and
 * every action on every resource its role allows must be used by one of those calls.
 *
 * The calls of a function are what it was recorded doing in the integration tests, what the
 * modules of its bundle do that the tests cannot record (./bundle-calls.ts), and what Lambda does
 * with its role (logs, traces, event sources, destinations: ./function-roles.ts).
 */
export interface Call {
  functionId: string;
  action: string;
  /** The resource's ARN in the template's account and region. */
  resource: string;
  source: 'recorded' | 'bundle' | 'platform';
  /** The operation (recorded) or the reason (bundle, platform). */
  why: string;
}

export interface Findings {
  /** Calls a function makes that no variable of its environment in the template explains. */
  unmapped: string[];
  /** Calls its role would deny. */
  denied: string[];
  /** Actions on resources a role allows that no call of its function uses. */
  unused: string[];
  /** Listed bundle calls whose code is gone, or that no function's bundle holds. */
  staleBundleCalls: string[];
  /** Distinct (function, action, resource) calls evaluated. */
  calls: Call[];
  /** (function, action, resource) grants checked for use. */
  grants: number;
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** IAM's wildcard match (`*` any run of characters, `?` one), case-sensitive as for resources. */
export function matchesPattern(pattern: string, value: string, ignoreCase = false): boolean {
  const expression = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replaceAll('*', '.*')
    .replaceAll('?', '.');
  return new RegExp(`^${expression}$`, ignoreCase ? 'i' : '').test(value);
}

/** `DATA_IMPORT_TABLE_NAME/index/gsi1` → the resource's ARN through the function's environment. */
function templateArnOf(reference: string, role: FunctionRole, values: TemplateValues): string | undefined {
  if (reference === '*') return reference;
  const slash = reference.indexOf('/');
  const variable = slash < 0 ? reference : reference.slice(0, slash);
  const rest = slash < 0 ? '' : reference.slice(slash);
  if (!/^[A-Z][A-Z0-9_]*$/.test(variable)) return undefined;
  const value = role.environment[variable];
  const arn = value === undefined ? undefined : resourceArnOfVariable(variable, value, values.deployment);
  return arn === undefined ? undefined : `${arn}${rest}`;
}

function bundleCallProblems(bundleCalls: readonly BundleCall[], bundles: Map<string, string>): string[] {
  return bundleCalls.flatMap((call) => {
    const file = path.join(projectRoot, call.module);
    const name = `${call.module} ${call.symbol}`;
    if (!existsSync(file) || !declares(readFileSync(file, 'utf8'), call.symbol))
      return [`${name} does not exist`];
    if (![...bundles.values()].some((code) => declares(code, call.symbol)))
      return [`no bundle holds ${name}`];
    return [];
  });
}

/** `arn:aws:dynamodb:eu-west-2:111111111111:table/T/index/gsi1` → `dynamodb table/T/index/gsi1`, for messages. */
const short = (arn: string) => arn.replace(/^arn:aws:([a-z0-9-]+):[a-z0-9-]*:\d*:/, '$1 ');

async function isAllowed(
  call: Call,
  role: FunctionRole,
  resourcePolicy: PolicyDocument | undefined,
  account: string,
) {
  const simulation = {
    identityPolicies: role.policies,
    serviceControlPolicies: [],
    resourceControlPolicies: [],
    ...(resourcePolicy ? { resourcePolicy } : {}),
    request: {
      action: call.action,
      principal: role.roleArn,
      resource: { resource: call.resource, accountId: account },
      contextVariables: { 'aws:SecureTransport': 'true' },
    },
  } as unknown as Simulation;
  const response = await runSimulation(simulation, {});
  if (response.resultType === 'error') return `cannot be evaluated: ${JSON.stringify(response.errors)}`;
  return response.overallResult === 'Allowed' ? undefined : response.overallResult;
}

export async function checkLeastPrivilege(input: {
  roles: FunctionRole[];
  values: TemplateValues;
  recorded: readonly RecordedCall[];
  bundleCalls: readonly BundleCall[];
  /** Each function's bundle (./bundle-code.ts). */
  bundles: Map<string, string>;
}): Promise<Findings> {
  const { roles, values } = input;
  const roleOf = new Map(roles.map((role) => [role.functionId, role]));
  const unmapped: string[] = [];
  const calls = new Map<string, Call>();
  const add = (call: Call) => {
    const key = `${call.functionId} ${call.action} ${call.resource}`;
    if (!calls.has(key) || call.source === 'recorded') calls.set(key, call);
  };

  for (const recorded of input.recorded) {
    const role = roleOf.get(recorded.functionId);
    const resource = role && templateArnOf(recorded.resource, role, values);
    if (!role || !resource) {
      unmapped.push(
        `${recorded.functionId} ${recorded.operation} → ${recorded.action} on ${recorded.resource}: ` +
          (role
            ? 'no variable of its environment in the template names this resource'
            : 'no such function in the stack'),
      );
      continue;
    }
    add({
      functionId: recorded.functionId,
      action: recorded.action,
      resource,
      source: 'recorded',
      why: recorded.operation,
    });
  }
  for (const role of roles) {
    const bundle = input.bundles.get(role.functionId) ?? '';
    for (const call of input.bundleCalls.filter((c) => declares(bundle, c.symbol))) {
      const resource = templateArnOf(call.resource, role, values);
      if (!resource) {
        unmapped.push(
          `${role.functionId} (${call.symbol}) → ${call.action} on ${call.resource}: not in its environment`,
        );
        continue;
      }
      add({ functionId: role.functionId, action: call.action, resource, source: 'bundle', why: call.reason });
    }
    for (const need of role.platformNeeds)
      add({ functionId: role.functionId, ...need, source: 'platform', why: need.reason });
  }

  const denied: string[] = [];
  for (const call of calls.values()) {
    const role = roleOf.get(call.functionId) as FunctionRole;
    const outcome = await isAllowed(
      call,
      role,
      values.resourcePolicyOf(call.resource),
      values.deployment.account,
    );
    if (outcome) {
      denied.push(
        `${call.functionId}: ${call.action} on ${short(call.resource)} (${call.source}: ${call.why}) is ${outcome}`,
      );
    }
  }

  const unused: string[] = [];
  let grants = 0;
  for (const role of roles) {
    const own = [...calls.values()].filter((call) => call.functionId === role.functionId);
    for (const { name, policy } of role.policies) {
      for (const statement of policy.Statement.filter((s) => s.Effect === 'Allow')) {
        if (statement.NotAction || statement.NotResource) {
          unused.push(
            `${role.functionId}: ${name} allows by NotAction/NotResource, which no call can account for`,
          );
          continue;
        }
        for (const action of asList(statement.Action)) {
          for (const resource of asList(statement.Resource)) {
            grants += 1;
            const used = own.some(
              (call) => matchesPattern(action, call.action, true) && matchesPattern(resource, call.resource),
            );
            if (!used)
              unused.push(
                `${role.functionId}: ${action} on ${short(resource)} is allowed and no code path uses it`,
              );
          }
        }
      }
    }
  }

  return {
    unmapped,
    denied,
    unused,
    staleBundleCalls: bundleCallProblems(input.bundleCalls, input.bundles),
    calls: [...calls.values()],
    grants,
  };
}
