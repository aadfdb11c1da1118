import { mockClient } from 'aws-sdk-client-mock';

/**
 * Fault injection with aws-sdk-client-mock around the REAL clients of the handler modules:
 * every command goes to the real local stand-in unless the plan says otherwise, so the
 * tests check real state in DynamoDB Local afterwards.
 *
 * A plan returns, for one command, `undefined` (send it), `{ before: error }` (throw without
 * sending: the request never reached the service) or `{ after: error }` (send it, then throw:
 * the service did the work but the answer was lost, e.g. a timeout).
 */
export type Fault = { before: Error } | { after: Error } | { respond: unknown };
export type FaultPlan = (
  command: { name: string; input: Record<string, unknown> },
  call: number,
) => Fault | undefined;

export interface FaultInjector {
  /** Replaces the plan (e.g. `() => undefined` once the fault clears). */
  plan(plan: FaultPlan): void;
  /** Faults injected so far. */
  readonly injected: number;
  restore(): void;
}

/** Any SDK v3 client instance (DynamoDB document client, S3, EventBridge). */
type SdkClient = Parameters<typeof mockClient>[0] & { send: (command: never) => Promise<unknown> };

export function injectFaults(client: SdkClient, initial: FaultPlan): FaultInjector {
  const realSend = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  const mock = mockClient(client);
  let plan = initial;
  let injected = 0;
  let calls = 0;
  mock.send.callsFake((async (sent: unknown) => {
    const command = sent as unknown as { constructor: { name: string }; input: Record<string, unknown> };
    const fault = plan({ name: command.constructor.name, input: command.input }, calls++);
    if (!fault) return realSend(command);
    injected++;
    if ('before' in fault) throw fault.before;
    if ('respond' in fault) return fault.respond as never;
    await realSend(command);
    throw fault.after;
  }) as never);
  return {
    plan: (next) => {
      plan = next;
    },
    get injected() {
      return injected;
    },
    restore: () => mock.restore(),
  };
}

/** An error shaped like the SDK's: name, message, `$metadata`, and `$retryable` when the SDK would retry. */
export function awsError(
  name: string,
  options: { status?: number; retryable?: boolean; extra?: object } = {},
): Error {
  return Object.assign(new Error(`${name} (injected)`), {
    name,
    $fault: (options.status ?? 400) >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: options.status ?? 400, attempts: 4 },
    ...(options.retryable ? { $retryable: { throttling: name.includes('Throttl') } } : {}),
    ...options.extra,
  });
}

export const faults = {
  throttling: () => awsError('ProvisionedThroughputExceededException', { status: 400, retryable: true }),
  throttlingException: () => awsError('ThrottlingException', { status: 400, retryable: true }),
  timeout: () =>
    Object.assign(new Error('socket timed out (injected)'), {
      name: 'TimeoutError',
      $metadata: { attempts: 4 },
    }),
  internal: () => awsError('InternalServerError', { status: 500, retryable: true }),
  /** TransactWriteItems cancelled: one reason per item, `code` for the first, `None` for the rest. */
  cancelled: (items: number, code: string) =>
    awsError('TransactionCanceledException', {
      status: 400,
      extra: {
        CancellationReasons: Array.from({ length: items }, (_, i) => ({ Code: i === 0 ? code : 'None' })),
      },
    }),
};
