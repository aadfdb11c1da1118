/**
 * On-demand list prices of the services the bench's cost model uses, in US dollars, for ONE
 * region: eu-west-2 (Europe, London). Prices change: update the table and its date together,
 * from the pages named in `sources`.
 *
 * `confirmed` says which prices were read from a published source on `checked`; the others are
 * the London list prices as known on that date (AWS publishes them on pages rendered by script,
 * which could not be read then): check them on the pricing pages before relying on a figure.
 */
export const PRICES_EU_WEST_2 = {
  region: 'eu-west-2',
  currency: 'USD',
  checked: '2026-11-24',
  sources: [
    'Amazon DynamoDB pricing — On-demand capacity (aws.amazon.com/dynamodb/pricing/on-demand/)',
    'AWS Lambda pricing (aws.amazon.com/lambda/pricing/)',
    'Amazon API Gateway pricing — REST APIs (aws.amazon.com/api-gateway/pricing/)',
    'Amazon EventBridge pricing — Event bus (aws.amazon.com/eventbridge/pricing/)',
    'Amazon SQS pricing — Standard queues (aws.amazon.com/sqs/pricing/)',
    'Amazon S3 pricing — Requests and data retrievals, S3 Standard (aws.amazon.com/s3/pricing/)',
  ],
  dynamodb: {
    /** Per million write request units (1 KB each; transactional writes take 2; GSI copies too). */
    writeRequestUnitPerMillion: 0.7423,
    /** Per million read request units (4 KB strongly consistent; half eventually consistent; 2 transactional). */
    readRequestUnitPerMillion: 0.1485,
    /**
     * Per 100 000 stream read request units. Reads made by a Lambda trigger (the outbox
     * publisher) are free: the model bills none, the price is kept for other stream consumers.
     */
    streamReadRequestUnitPer100k: 0.0228,
  },
  lambda: {
    /** Arm (Graviton) duration, per GB-second (first pricing tier). */
    armGbSecond: 0.0000133334,
    /** Per million invocations. */
    requestsPerMillion: 0.2,
  },
  apiGateway: {
    /** REST API, per million requests (first 333 million a month). */
    restRequestsPerMillion: 3.7,
  },
  eventBridge: {
    /** Custom events put on an event bus, per million; each started 64 KB of an entry is one event. */
    customEventsPerMillion: 1.0,
  },
  sqs: {
    /** Standard queue requests, per million (each started 64 KB of a request is one request). */
    standardRequestsPerMillion: 0.4,
  },
  s3: {
    /** S3 Standard, per 1000 requests. */
    putPer1000: 0.0053,
    getPer1000: 0.00042,
  },
  /**
   * What was checked on `checked`, and against what. Every other price is the London list price as
   * known on that date, not read from the page: check it before relying on a figure.
   */
  confirmed: {
    'lambda.armGbSecond':
      'the base Arm rate of a published transcription of the Lambda pricing page, which lists no London surcharge',
    'dynamodb.*':
      'the billing units (1 KB write, 4 KB read, transactional ×2) from the DynamoDB pricing pages; the London prices are as known',
    'apiGateway.restRequestsPerMillion': 'as known (the published US East price of the first tier is 3.50)',
  },
} as const;

export type PriceTable = typeof PRICES_EU_WEST_2;
