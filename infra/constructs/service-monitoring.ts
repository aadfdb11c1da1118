import { Duration } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  type Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { PAYMENT_VENDOR_PERSISTENT_FAILURE } from '../../functions/adapters/payments/vendor-adapter.js';
import {
  ACCOUNT_IMPORTED_LOG_MESSAGE,
  EVENTS_PUBLISHED_LOG_MESSAGE,
} from '../../functions/monitored-log-messages.js';
import type { EnvironmentConfig } from '../config/environments.js';

/** A function with the log group it writes to. */
type LoggingFunction = IFunction & { readonly logGroup: ILogGroup };

export interface ServiceMonitoringProps {
  readonly config: EnvironmentConfig;
  readonly api: RestApi;
  readonly apiAccessLogs: ILogGroup;
  /** Every function of the stack, by its id in infra/routes.ts. */
  readonly functions: ReadonlyMap<string, LoggingFunction>;
  /** The function fed by the table stream. */
  readonly publisher: LoggingFunction;
  /** Every dead-letter queue of the stack, by a name operators recognise. */
  readonly deadLetterQueues: Readonly<Record<string, IQueue>>;
  /** The functions that talk to a payment vendor (their logs carry the vendor failures). */
  readonly paymentFunctions: readonly LoggingFunction[];
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * Operability of one environment: the SNS topic every alarm notifies, the alarms (API 5xx
 * rate, errors and throttles of every function, the publisher's iterator age, every
 * dead-letter queue, payment vendor persistent failures) and one dashboard (imports per
 * supplier, status codes, latency, event delivery). Custom metrics come from metric filters
 * on the functions' structured logs, in the namespace `DataImport/<env>`.
 */
export class ServiceMonitoring extends Construct {
  readonly topic: ITopic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;
  readonly namespace: string;

  constructor(scope: Construct, id: string, props: ServiceMonitoringProps) {
    super(scope, id);
    const { config } = props;
    this.namespace = `DataImport/${config.name}`;
    this.topic = config.alarmTopicArn
      ? Topic.fromTopicArn(this, 'AlarmTopic', config.alarmTopicArn)
      : this.createTopic(config);

    const metrics = this.customMetrics(props);

    // API: share of 5xx answers (API Gateway's own and the functions').
    const requests = props.api.metricCount({ period: FIVE_MINUTES });
    const serverErrors = props.api.metricServerError({ period: FIVE_MINUTES });
    const serverErrorRate = new MathExpression({
      expression: 'IF(requests >= 10, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      label: '5xx answers (% of requests)',
      period: FIVE_MINUTES,
    });
    this.alarm('Api5xxRate', serverErrorRate, {
      description:
        'More than 1% of API requests answered 5xx for 10 minutes. Open the dashboard (status codes), then the ' +
        'API access log and the failing function’s log: a retryable outage (DynamoDB, vendor) or a bug.',
      threshold: 1,
      evaluationPeriods: 2,
    });

    for (const [functionId, fn] of props.functions) {
      this.alarm(`${functionId}-Errors`, fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), {
        description:
          `The ${functionId} function failed (an uncaught error, a timeout or running out of memory). ` +
          'API functions answer every expected failure themselves, so this is a bug or a limit: read its log group.',
        threshold: 1,
      });
      this.alarm(`${functionId}-Throttles`, fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), {
        description:
          `Invocations of the ${functionId} function were throttled (the account’s or region’s concurrency is used up). ` +
          'Check the account’s concurrent executions and ask AWS for a higher quota, or lower the API throttling.',
        threshold: 1,
      });
    }

    this.alarm(
      'PublisherIteratorAge',
      props.publisher.metric('IteratorAge', { period: FIVE_MINUTES, statistic: 'Maximum' }),
      {
        description:
          'The outbox publisher is more than 10 minutes behind the table stream: events reach subscribers late. ' +
          'Read the publisher’s log (PutEvents failures, throttling) and its errors alarm.',
        threshold: Duration.minutes(10).toMilliseconds(),
      },
    );

    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      this.alarm(
        `${name}DeadLetters`,
        queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
        {
          description:
            `The ${name} dead-letter queue holds a message: work that failed after all retries. ` +
            'Read the message, fix the cause, then re-drive it (see the operations guide).',
          threshold: 1,
        },
      );
    }

    this.alarm('PaymentVendorPersistentFailures', metrics.paymentVendorPersistentFailures, {
      description:
        'A payment vendor refused the service’s own credentials, or they are not configured: every payment ' +
        'instruction for that vendor fails with payment_vendor_persistent_failure. Set or renew the vendor ' +
        'credentials secret (see the operations guide).',
      threshold: 1,
    });

    this.dashboard = this.createDashboard(props, { serverErrorRate, ...metrics });
  }

  /** A topic of the stack's own: encrypted with a key CloudWatch may use, TLS only. */
  private createTopic(config: EnvironmentConfig): Topic {
    const key = new Key(this, 'AlarmTopicKey', {
      description: `Encrypts the data-import ${config.name} alarm topic`,
      enableKeyRotation: true,
      removalPolicy: config.removalPolicy,
    });
    const topic = new Topic(this, 'AlarmTopic', {
      topicName: `data-import-${config.name}-alarms`,
      displayName: `Data-import ${config.name} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    // CloudWatch publishes alarm notifications to the encrypted topic.
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    return topic;
  }

  private alarm(
    id: string,
    metric: Metric | MathExpression,
    options: { description: string; threshold: number; evaluationPeriods?: number },
  ): Alarm {
    const alarm = metric.createAlarm(this, id, {
      alarmDescription: options.description,
      threshold: options.threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }

  /** Metrics counted from structured log lines (metric filters cost nothing per request). */
  private customMetrics(props: ServiceMonitoringProps) {
    const namespace = this.namespace;
    const importsFn = props.functions.get('process-account');
    if (importsFn) {
      new MetricFilter(this, 'AccountsImportedFilter', {
        logGroup: importsFn.logGroup,
        filterPattern: FilterPattern.stringValue('$.message', '=', ACCOUNT_IMPORTED_LOG_MESSAGE),
        metricNamespace: namespace,
        metricName: 'AccountsImported',
        metricValue: '1',
        dimensions: { ImportSupplier: '$.importSupplier' },
      });
    }
    new MetricFilter(this, 'StatusCodesFilter', {
      logGroup: props.apiAccessLogs,
      filterPattern: FilterPattern.exists('$.status'),
      metricNamespace: namespace,
      metricName: 'Responses',
      metricValue: '1',
      dimensions: { Status: '$.status' },
    });
    new MetricFilter(this, 'EventsPublishedFilter', {
      logGroup: props.publisher.logGroup,
      filterPattern: FilterPattern.stringValue('$.message', '=', EVENTS_PUBLISHED_LOG_MESSAGE),
      metricNamespace: namespace,
      metricName: 'EventsPublished',
      metricValue: '$.published',
    });
    props.paymentFunctions.forEach((fn, index) => {
      new MetricFilter(this, `PaymentVendorPersistentFailureFilter${index}`, {
        logGroup: fn.logGroup,
        filterPattern: FilterPattern.stringValue('$.code', '=', PAYMENT_VENDOR_PERSISTENT_FAILURE),
        metricNamespace: namespace,
        metricName: 'PaymentVendorPersistentFailures',
        metricValue: '1',
        defaultValue: 0,
      });
    });
    const search = (metricName: string, dimension: string, label: string) =>
      new MathExpression({
        expression: `SEARCH('{${namespace},${dimension}} MetricName="${metricName}"', 'Sum', 300)`,
        usingMetrics: {},
        label,
        period: FIVE_MINUTES,
      });
    return {
      importsPerSupplier: search('AccountsImported', 'ImportSupplier', 'Accounts imported'),
      responsesPerStatus: search('Responses', 'Status', 'Responses'),
      eventsPublished: new Metric({
        namespace,
        metricName: 'EventsPublished',
        statistic: 'Sum',
        period: FIVE_MINUTES,
      }),
      paymentVendorPersistentFailures: new Metric({
        namespace,
        metricName: 'PaymentVendorPersistentFailures',
        statistic: 'Sum',
        period: FIVE_MINUTES,
      }),
    };
  }

  private createDashboard(
    props: ServiceMonitoringProps,
    metrics: ReturnType<ServiceMonitoring['customMetrics']> & { serverErrorRate: IMetric },
  ): Dashboard {
    const { api, config, publisher } = props;
    const dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `data-import-${config.name}` });
    const graph = (title: string, left: IMetric[], right: IMetric[] = []) =>
      new GraphWidget({ title, left, right, width: 12, height: 6 });
    dashboard.addWidgets(
      new TextWidget({
        markdown: `# Data-import ${config.name}\nAlarms notify the environment's alarm topic; the operations guide says what to do for each.`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      graph('Accounts imported per supplier', [metrics.importsPerSupplier]),
      graph('Responses per status code', [metrics.responsesPerStatus]),
    );
    dashboard.addWidgets(
      graph('API latency (ms)', [
        api.metricLatency({ statistic: 'p50', period: FIVE_MINUTES }),
        api.metricLatency({ statistic: 'p99', period: FIVE_MINUTES }),
        api.metricIntegrationLatency({ statistic: 'p99', period: FIVE_MINUTES }),
      ]),
      graph(
        'API requests and errors',
        [api.metricCount({ period: FIVE_MINUTES }), api.metricClientError({ period: FIVE_MINUTES })],
        [metrics.serverErrorRate],
      ),
    );
    dashboard.addWidgets(
      graph(
        'Event delivery',
        [metrics.eventsPublished, publisher.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' })],
        [publisher.metric('IteratorAge', { period: FIVE_MINUTES, statistic: 'Maximum' })],
      ),
      graph('Dead-letter queues and payment vendor failures', [
        ...Object.entries(props.deadLetterQueues).map(([name, queue]) =>
          queue.metricApproximateNumberOfMessagesVisible({
            label: name,
            period: FIVE_MINUTES,
            statistic: 'Maximum',
          }),
        ),
        metrics.paymentVendorPersistentFailures,
      ]),
    );
    return dashboard;
  }
}
