import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { environmentConfig } from '../../../infra/config/environments.js';
import { DataImportStack } from '../../../infra/stacks/data-import-stack.js';
import { applySecurityChecks } from '../../../infra/stacks/service-app.js';
import type { Subscriber } from '../../../infra/subscribers/subscriber-declaration.js';
import { cdkJsonContext, SKIP_BUNDLING } from '../../infra/support/synth.js';

export const STACK_ACCOUNT = '111111111111';
export const OTHER_ACCOUNT = '222222222222';

/** One subscriber of each target kind, in the stack's account and in another one. */
export const subscribersOfEachKind: Subscriber[] = [
  {
    name: 'billing-ledger',
    events: ['billing.ledger.entry_posted@v2'],
    target: { kind: 'sqs', arn: `arn:aws:sqs:eu-west-2:${STACK_ACCOUNT}:billing-ledger` },
  },
  {
    name: 'comms-accounts',
    events: ['account.created'],
    target: { kind: 'lambda', arn: `arn:aws:lambda:eu-west-2:${STACK_ACCOUNT}:function:comms-accounts` },
  },
  {
    name: 'analytics',
    target: { kind: 'eventbus', arn: `arn:aws:events:eu-west-1:${OTHER_ACCOUNT}:event-bus/analytics` },
  },
  {
    name: 'partner-queue',
    events: ['account.created', 'billing.ledger.entry_posted@v2'],
    target: { kind: 'sqs', arn: `arn:aws:sqs:eu-west-2:${OTHER_ACCOUNT}:partner` },
  },
  {
    name: 'partner-function',
    events: ['data_import.import_process.complete'],
    target: { kind: 'lambda', arn: `arn:aws:lambda:eu-west-2:${OTHER_ACCOUNT}:function:partner:live` },
  },
];

/** The dev service stack with these subscribers, in a pinned account, with cdk-nag on the app. */
export function synthWithSubscribers(subscribers: readonly Subscriber[]) {
  const app = new App({
    context: { ...cdkJsonContext, ...SKIP_BUNDLING },
    builtinCloudFormationValidation: false,
  });
  const stack = new DataImportStack(app, 'DataImport-subscribers', {
    config: { ...environmentConfig('dev'), subscribers },
    env: { account: STACK_ACCOUNT, region: 'eu-west-2' },
  });
  applySecurityChecks(app);
  const template = Template.fromStack(stack);
  const findings = new AwsSolutionsChecks().validateScope(app).violations.map((v) => ({
    rule: v.ruleName,
    resources: v.violatingResources.map((r) => r.constructPath),
  }));
  return { app, stack, template, findings };
}
