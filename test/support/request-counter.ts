import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { currentInvocation } from '../../infra/local/invocation-context.js';

export interface RequestCounterOptions {
  /**
   * Count only the requests made inside invocations of API functions by the local runtime's
   * API server. The runtime's background workers (task poller and sweep, expiry sweep, stream
   * and queue consumers) share the process's client; in the cloud each Lambda has its own, so
   * this is what one API function sends. Default: every request the client sends (tests that
   * call a handler in-process, with no runtime around).
   */
  apiInvocationsOnly?: boolean;
}

/**
 * Counts the DynamoDB requests a client sends (each HTTP request, retries included),
 * by operation, with SDK middleware: measured, not estimated.
 */
export class RequestCounter {
  private counts = new Map<string, number>();
  private readonly name = `request-counter-${Math.random()}`;
  private client: DynamoDBClient | undefined;

  constructor(private readonly options: RequestCounterOptions = {}) {}

  attach(client: DynamoDBClient): this {
    this.client = client;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (this.options.apiInvocationsOnly && currentInvocation()?.trigger !== 'api') return next(args);
        const operation = String((context as { commandName?: string }).commandName ?? 'unknown');
        this.counts.set(operation, (this.counts.get(operation) ?? 0) + 1);
        return next(args);
      },
      { step: 'finalizeRequest', name: this.name },
    );
    return this;
  }

  detach(): void {
    this.client?.middlewareStack.remove(this.name);
    this.client = undefined;
  }

  reset(): void {
    this.counts.clear();
  }

  total(): number {
    let sum = 0;
    for (const count of this.counts.values()) sum += count;
    return sum;
  }

  byOperation(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }
}
