import { describe, expect, it } from 'vitest';
import { type AttemptAnswer, retryAttempts } from '../../functions/retry-loop.js';
import { isRetryable, isTransientStatus } from '../../functions/rules/retry-policy.js';

const policy = { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 10_000 };

/** Answers `statuses` one after the other (the last again once they run out), counting attempts. */
function answering(...statuses: (number | Error)[]) {
  const attempts: number[] = [];
  const attempt = async (number: number): Promise<AttemptAnswer<number>> => {
    attempts.push(number);
    const next = statuses[Math.min(number, statuses.length) - 1] as number | Error;
    if (next instanceof Error) throw next;
    return { value: number, status: next, retryAfterMs: next === 429 ? 2_000 : undefined };
  };
  return { attempt, attempts };
}

function recordingSleep() {
  const sleeps: number[] = [];
  return { sleeps, sleep: async (ms: number) => void sleeps.push(ms) };
}

describe('Rule: one loop sends a request again while the retry policy calls its answer transient', () => {
  it('returns an answer that is not transient at once, without waiting', async () => {
    // Prepare
    const { attempt, attempts } = answering(400);
    const { sleeps, sleep } = recordingSleep();
    // Act
    const value = await retryAttempts(attempt, { policy, sleep });
    // Assess
    expect(value).toBe(1);
    expect(attempts).toEqual([1]);
    expect(sleeps).toEqual([]);
  });

  it('waits what Retry-After says (plus jitter) before the next attempt, and returns the first answer that is not transient', async () => {
    // Prepare
    const { attempt, attempts } = answering(429, 201);
    const { sleeps, sleep } = recordingSleep();
    // Act
    const value = await retryAttempts(attempt, { policy, sleep, random: () => 0.5 });
    // Assess
    expect(value).toBe(2);
    expect(attempts).toEqual([1, 2]);
    expect(sleeps).toEqual([2_200]);
  });

  it('returns the last transient answer once the policy’s attempts are spent', async () => {
    // Prepare
    const { attempt, attempts } = answering(503);
    const { sleeps, sleep } = recordingSleep();
    // Act
    const value = await retryAttempts(attempt, { policy, sleep, random: () => 0 });
    // Assess
    expect(value).toBe(3);
    expect(attempts).toEqual([1, 2, 3]);
    expect(sleeps).toEqual([50, 100]);
  });

  it('returns the transient answer without waiting when the caller may not wait that long', async () => {
    // Prepare
    const { attempt, attempts } = answering(429, 201);
    const { sleeps, sleep } = recordingSleep();
    // Act
    const value = await retryAttempts(attempt, { policy, sleep, mayWait: (delayMs) => delayMs < 1_000 });
    // Assess
    expect(value).toBe(1);
    expect(attempts).toEqual([1]);
    expect(sleeps).toEqual([]);
  });

  it('tells each retry to onRetry before its wait, with the answer that failed', async () => {
    // Prepare
    const { attempt } = answering(503, 200);
    const { sleep } = recordingSleep();
    const events: string[] = [];
    // Act
    await retryAttempts(attempt, {
      policy,
      sleep,
      random: () => 1,
      onRetry: ({ attempt: number, delayMs, answer }) =>
        void events.push(`${number}:${answer?.status}:${delayMs}`),
    });
    // Assess
    expect(events).toEqual(['1:503:100']);
  });
});

describe('Rule: a thrown error is sent again only when the caller says it is worth it', () => {
  it('sends again after an error the caller retries, with the policy’s back-off', async () => {
    // Prepare
    const { attempt, attempts } = answering(new Error('ECONNRESET'), 200);
    const { sleeps, sleep } = recordingSleep();
    // Act
    const value = await retryAttempts(attempt, { policy, sleep, random: () => 0, retriesError: () => true });
    // Assess
    expect(value).toBe(2);
    expect(attempts).toEqual([1, 2]);
    expect(sleeps).toEqual([50]);
  });

  it('throws any other error at once', async () => {
    // Prepare
    const refused = new Error('refused');
    const { attempt, attempts } = answering(refused, 200);
    const { sleep } = recordingSleep();
    // Act
    const outcome = retryAttempts(attempt, { policy, sleep, retriesError: (error) => error !== refused });
    // Assess
    await expect(outcome).rejects.toBe(refused);
    expect(attempts).toEqual([1]);
  });

  it('throws the last error once the policy’s attempts are spent', async () => {
    // Prepare
    const { attempt, attempts } = answering(new Error('ECONNRESET'));
    const { sleep } = recordingSleep();
    // Act
    const outcome = retryAttempts(attempt, { policy, sleep, retriesError: () => true });
    // Assess
    await expect(outcome).rejects.toThrow('ECONNRESET');
    expect(attempts).toEqual([1, 2, 3]);
  });
});

describe('Rule: a transient status is 429 or any 5xx, whoever answers it', () => {
  it.each([429, 500, 502, 503, 504])('%i is transient', (status) => {
    expect(isTransientStatus(status)).toBe(true);
  });

  it.each([200, 400, 401, 404, 408, 409, 422])('%i is not', (status) => {
    expect(isTransientStatus(status)).toBe(false);
  });

  it('this API’s 409 is worth sending again only while a claim holds it (import_process_in_progress, idempotency_key_in_use)', () => {
    expect(isRetryable(409, 'import_process_in_progress')).toBe(true);
    expect(isRetryable(409, 'idempotency_key_in_use')).toBe(true);
    expect(isRetryable(409, 'account_import_process_already_imported')).toBe(false);
  });
});
