import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { environmentConfig } from '../../../infra/config/environments.js';
import { PROJECT_ROOT } from '../../../infra/constructs/service-function.js';
import type { DataImportStack } from '../../../infra/stacks/data-import-stack.js';
import { addServiceStack, addServiceStacks, applySecurityChecks } from '../../../infra/stacks/service-app.js';

/** The context `cdk synth` gets from cdk.json, so tests synthesize what the CLI does. */
export const cdkJsonContext: Record<string, unknown> = JSON.parse(
  readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8'),
).context;

/** Bundling is skipped here (no esbuild run per function): ./bundling.test.ts bundles for real. */
export const SKIP_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

export interface Synthesized {
  app: App;
  stack: DataImportStack;
  template: Template;
}

const cache = new Map<string, Synthesized>();

/**
 * The service stack of environment `env`, as `infra/app.ts` builds it, with cdk-nag applied
 * (synthesis throws on an unacknowledged finding); synthesized once per test file.
 * `full` adds the schema registry stack (291 schemas, slower): the whole app.
 * CloudFormation's schema validation (seconds per synth) is left to `npm run synth`.
 */
export function synth(env: string, { full = false } = {}): Synthesized {
  const key = `${env}:${full}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const app = new App({
    context: { ...cdkJsonContext, ...SKIP_BUNDLING, env },
    builtinCloudFormationValidation: false,
  });
  const config = environmentConfig(env);
  let stack: DataImportStack;
  if (full) {
    stack = addServiceStacks(app, config).service;
  } else {
    stack = addServiceStack(app, config);
    applySecurityChecks(app);
  }
  const synthesized = { app, stack, template: Template.fromStack(stack) };
  cache.set(key, synthesized);
  return synthesized;
}

/** The logical id of an L1 element, or of an L2 construct's default child. */
export function logicalIdOf(construct: IConstruct): string {
  const element = (
    CfnElement.isCfnElement(construct) ? construct : construct.node.defaultChild
  ) as CfnElement;
  return Stack.of(element).getLogicalId(element);
}

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

export const actionsOf = (statement: Statement): string[] =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

export const resourcesOf = (statement: Statement): unknown[] =>
  Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];

/** Every statement of every policy attached to the role with logical id `roleId`. */
export function statementsOfRole(template: Template, roleId: string): Statement[] {
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as {
    Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: Statement[] } };
  }[];
  const role = template.findResources('AWS::IAM::Role')[roleId] as
    | { Properties: { Policies?: { PolicyDocument: { Statement: Statement[] } }[] } }
    | undefined;
  if (!role) throw new Error(`No role ${roleId} in the template`);
  return [
    ...(role.Properties.Policies ?? []).flatMap((p) => p.PolicyDocument.Statement),
    ...policies
      .filter((p) => p.Properties.Roles.some((r) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement),
  ];
}

/** The statements of a function's role, by the function's id in infra/routes.ts. */
export function statementsOfFunction({ stack, template }: Synthesized, functionId: string): Statement[] {
  const fn = stack.functions.get(functionId);
  if (!fn?.role) throw new Error(`No function ${functionId}`);
  return statementsOfRole(template, logicalIdOf(fn.role));
}

/** `{"Fn::GetAtt": [id, "Arn"]}` */
export const arnOf = (logicalId: string) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });
