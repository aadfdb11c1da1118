import { App } from 'aws-cdk-lib';
import { environmentConfig } from './config/environments.js';
import { addServiceStacks } from './stacks/service-app.js';

/** The CDK app: `npx cdk deploy --all -c env=<dev|staging|prod>` (default dev, from cdk.json). */
const app = new App();
addServiceStacks(app, environmentConfig(app.node.tryGetContext('env') ?? 'dev'));
