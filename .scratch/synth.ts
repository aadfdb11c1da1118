import { App } from 'aws-cdk-lib';
import { environmentConfig } from '../infra/config/environments.js';
import { addServiceStacks } from '../infra/stacks/service-app.js';
import { cdkJsonContext, SKIP_BUNDLING } from '../test/infra/support/synth.js';
const app = new App({ outdir: '/tmp/w11i/out', context: { ...cdkJsonContext, ...SKIP_BUNDLING, env: 'dev' } });
addServiceStacks(app, environmentConfig('dev'));
app.synth();
