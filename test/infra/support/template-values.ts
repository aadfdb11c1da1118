/**
 * The values a synthesized template's intrinsic functions stand for, as CloudFormation would
 * resolve them in one account and region: `Ref`, `Fn::GetAtt`, `Fn::Join`, `Fn::Select`,
 * `Fn::Split` and the pseudo parameters. A resource without a name property gets its logical id
 * as name (CloudFormation generates one; any stable name serves, since every reference to the
 * resource resolves the same way). Used to evaluate IAM policies with real ARNs.
 */
export interface TemplateJson {
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
}

export interface PolicyDocument {
  Version: string;
  Statement: PolicyStatementJson[];
}

export interface PolicyStatementJson {
  Sid?: string;
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: string | string[];
  NotResource?: string | string[];
  Principal?: unknown;
  Condition?: unknown;
}

export interface Deployment {
  account: string;
  region: string;
}

/** The property holding a resource's name, by type. */
const NAME_PROPERTIES: Record<string, string> = {
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::SecretsManager::Secret': 'Name',
  'AWS::Events::EventBus': 'Name',
  'AWS::Events::Rule': 'Name',
  'AWS::Logs::LogGroup': 'LogGroupName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::SNS::Topic': 'TopicName',
};

export class TemplateValues {
  constructor(
    readonly template: TemplateJson,
    readonly deployment: Deployment,
  ) {}

  private resource(logicalId: string) {
    const resource = this.template.Resources[logicalId];
    if (!resource) throw new Error(`no resource ${logicalId} in the template`);
    return resource;
  }

  /** The resource's name: its name property, or its logical id. */
  nameOf(logicalId: string): string {
    const resource = this.resource(logicalId);
    const property = NAME_PROPERTIES[resource.Type];
    const name = property ? resource.Properties?.[property] : undefined;
    if (name !== undefined) return String(this.resolve(name));
    return resource.Type === 'AWS::S3::Bucket' ? logicalId.toLowerCase() : logicalId;
  }

  /** `Fn::GetAtt [logicalId, Arn]`. */
  arnOf(logicalId: string): string {
    const { account, region } = this.deployment;
    const name = this.nameOf(logicalId);
    const type = this.resource(logicalId).Type;
    switch (type) {
      case 'AWS::DynamoDB::Table':
        return `arn:aws:dynamodb:${region}:${account}:table/${name}`;
      case 'AWS::SQS::Queue':
        return `arn:aws:sqs:${region}:${account}:${name}`;
      case 'AWS::S3::Bucket':
        return `arn:aws:s3:::${name}`;
      case 'AWS::SecretsManager::Secret':
        return `arn:aws:secretsmanager:${region}:${account}:secret:${name}-AbCdEf`;
      case 'AWS::Events::EventBus':
        return `arn:aws:events:${region}:${account}:event-bus/${name}`;
      case 'AWS::Events::Rule':
        return `arn:aws:events:${region}:${account}:rule/${name}`;
      case 'AWS::Logs::LogGroup':
        return `arn:aws:logs:${region}:${account}:log-group:${name}:*`;
      case 'AWS::IAM::Role':
        return `arn:aws:iam::${account}:role/${name}`;
      case 'AWS::Lambda::Function':
        return `arn:aws:lambda:${region}:${account}:function:${name}`;
      case 'AWS::SNS::Topic':
        return `arn:aws:sns:${region}:${account}:${name}`;
      default: {
        const [, service = 'unknown', kind = 'resource'] = type.split('::');
        return `arn:aws:${service.toLowerCase()}:${region}:${account}:${kind.toLowerCase()}/${name}`;
      }
    }
  }

  /** `Ref logicalId`: what CloudFormation returns for the type. */
  refOf(logicalId: string): string {
    const { account, region } = this.deployment;
    switch (this.resource(logicalId).Type) {
      case 'AWS::SQS::Queue':
        return `https://sqs.${region}.amazonaws.com/${account}/${this.nameOf(logicalId)}`;
      case 'AWS::SecretsManager::Secret':
      case 'AWS::SNS::Topic':
        return this.arnOf(logicalId);
      default:
        return this.nameOf(logicalId);
    }
  }

  getAtt(logicalId: string, attribute: string): string {
    if (attribute === 'Arn') return this.arnOf(logicalId);
    if (attribute === 'StreamArn') return `${this.arnOf(logicalId)}/stream/2025-01-01T00:00:00.000`;
    if (['QueueName', 'Name'].includes(attribute)) return this.nameOf(logicalId);
    if (attribute === 'QueueUrl') return this.refOf(logicalId);
    throw new Error(`cannot resolve Fn::GetAtt ${logicalId}.${attribute}`);
  }

  /** `value` with every intrinsic function replaced by what it stands for. */
  resolve(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.resolve(item));
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>);
    const [key, argument] = entries[0] ?? [];
    if (entries.length === 1 && key === 'Ref')
      return this.pseudo(String(argument)) ?? this.refOf(String(argument));
    if (entries.length === 1 && key === 'Fn::GetAtt') {
      const [logicalId, attribute] = argument as [string, string];
      return this.getAtt(logicalId, attribute);
    }
    if (entries.length === 1 && key === 'Fn::Join') {
      const [separator, parts] = argument as [string, unknown[]];
      return (this.resolve(parts) as unknown[]).join(separator);
    }
    if (entries.length === 1 && key === 'Fn::Select') {
      const [index, list] = argument as [number | string, unknown];
      return (this.resolve(list) as unknown[])[Number(index)];
    }
    if (entries.length === 1 && key === 'Fn::Split') {
      const [separator, text] = argument as [string, unknown];
      return String(this.resolve(text)).split(separator);
    }
    if (entries.length === 1 && key?.startsWith('Fn::')) throw new Error(`cannot resolve ${key}`);
    return Object.fromEntries(entries.map(([k, v]) => [k, this.resolve(v)]));
  }

  private pseudo(name: string): string | undefined {
    const values: Record<string, string> = {
      'AWS::Partition': 'aws',
      'AWS::Region': this.deployment.region,
      'AWS::AccountId': this.deployment.account,
      'AWS::URLSuffix': 'amazonaws.com',
    };
    return values[name];
  }

  /** The resource policies of the template (queues, buckets), by the ARN of what they protect. */
  resourcePolicies(): Map<string, PolicyDocument> {
    const policies = new Map<string, PolicyDocument>();
    const add = (arn: string, document: unknown) => {
      const policy = this.resolve(document) as PolicyDocument;
      const known = policies.get(arn);
      policies.set(arn, known ? { ...known, Statement: [...known.Statement, ...policy.Statement] } : policy);
    };
    for (const resource of Object.values(this.template.Resources)) {
      const properties = resource.Properties ?? {};
      if (resource.Type === 'AWS::SQS::QueuePolicy') {
        for (const queue of properties.Queues as { Ref: string }[])
          add(this.arnOf(queue.Ref), properties.PolicyDocument);
      }
      if (resource.Type === 'AWS::S3::BucketPolicy') {
        add(this.arnOf((properties.Bucket as { Ref: string }).Ref), properties.PolicyDocument);
      }
    }
    return policies;
  }

  private policies: Map<string, PolicyDocument> | undefined;

  /** The resource policy protecting `arn` (a bucket's protects its objects too). */
  resourcePolicyOf(arn: string): PolicyDocument | undefined {
    this.policies ??= this.resourcePolicies();
    for (const [protectedArn, policy] of this.policies) {
      if (arn === protectedArn || arn.startsWith(`${protectedArn}/`)) return policy;
    }
    return undefined;
  }
}
