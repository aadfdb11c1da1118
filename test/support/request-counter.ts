import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * Counts the DynamoDB requests a client sends (each HTTP request, retries included),
 * by operation, with SDK middleware: measured, not estimated.
 */
export class RequestCounter {
  private counts = new Map<string, number>();
  private readonly name = `request-counter-${Math.random()}`;
  private client: DynamoDBClient | undefined;

  attach(client: DynamoDBClient): this {
    this.client = client;
    client.middlewareStack.add(
      (next, context) => async (args) => {
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
