import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { EnvironmentConfig } from '../config/environments.js';
import { type FunctionDefinition, functionTimeoutSeconds } from '../function-definition.js';
import { lambdaBundlingOptions, SOURCE_MAPS_NODE_OPTIONS } from './bundling-options.js';

/** The repository root: handlers, package-lock.json and node_modules are found from here. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Memory of every function that does not set its own, in MB (the bench's cost model reads it). */
export const DEFAULT_MEMORY_MB = 1024;

export interface ServiceFunctionProps {
  /** The function's entry in infra/routes.ts: its handler is `functions/handlers/<id>.ts`. */
  readonly definition: FunctionDefinition;
  readonly config: EnvironmentConfig;
  /** Only the variables this function needs. */
  readonly environment?: Record<string, string>;
  /** Default 1024 MB (more memory also means more CPU, hence shorter cold starts). */
  readonly memorySize?: number;
  /** Why this function needs other `Resource: *` statements besides X-Ray's (cdk-nag IAM5). */
  readonly otherWildcardResources?: string;
}

/**
 * The team's Lambda function: Node.js 22 on ARM64, active tracing, its own log group with
 * the environment's retention, an ESM bundle built by the locally installed esbuild
 * (minified, source maps, AWS SDK bundled), and a role that starts with nothing but
 * writing to its own log group. Every other permission is granted explicitly.
 */
export class ServiceFunction extends NodejsFunction {
  readonly definition: FunctionDefinition;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.config.logRetention,
      removalPolicy: props.config.removalPolicy,
    });
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs the ${props.definition.id} function`,
    });
    logGroup.grantWrite(role);

    super(scope, id, {
      description: props.definition.description,
      entry: path.join(PROJECT_ROOT, 'functions', 'handlers', `${props.definition.id}.ts`),
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      tracing: Tracing.ACTIVE,
      // The one timeout of the function: its claims expire at its invocation's end plus a margin.
      timeout: Duration.seconds(functionTimeoutSeconds(props.definition)),
      memorySize: props.memorySize ?? DEFAULT_MEMORY_MB,
      logGroup,
      role,
      environment: { NODE_OPTIONS: SOURCE_MAPS_NODE_OPTIONS, ...props.environment },
      bundling: { ...lambdaBundlingOptions.cdk, forceDockerBundling: false },
    });
    this.definition = props.definition;

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'The design fixes the Node.js 22 runtime (the runtime the code is built and tested for).',
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: [
        'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions.',
        props.otherWildcardResources,
      ]
        .filter(Boolean)
        .join(' '),
    });
  }
}
