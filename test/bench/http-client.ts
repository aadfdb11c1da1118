/** A tiny timed HTTP client for the benchmark: every call's latency is recorded per endpoint. */
export class TimedClient {
  readonly latencies = new Map<string, number[]>();

  constructor(
    private readonly baseUrl: string,
    private token = '',
  ) {}

  useToken(token: string): void {
    this.token = token;
  }

  async call(
    endpoint: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown; headers: Headers }> {
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Token ${this.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const elapsed = performance.now() - started;
    const list = this.latencies.get(endpoint) ?? [];
    list.push(elapsed);
    this.latencies.set(endpoint, list);
    return { status: response.status, json: text ? JSON.parse(text) : undefined, headers: response.headers };
  }
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 100) / 100;
}

/** Runs `task` for every item with at most `concurrency` in flight. */
export async function pool<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item);
    }
  });
  await Promise.all(workers);
}

/** Throws, naming the step and the answer, when a bench request did not answer one of `expected`. */
export function expectStatus(
  result: { status: number; json: unknown },
  expected: number[],
  what: string,
): void {
  if (!expected.includes(result.status)) {
    throw new Error(`${what}: HTTP ${result.status} ${JSON.stringify(result.json).slice(0, 500)}`);
  }
}

/** `count` external account numbers `<prefix>-000000`, `<prefix>-000001`, … */
export function accountNumbers(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(6, '0')}`);
}
