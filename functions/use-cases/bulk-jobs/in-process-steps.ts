import type { AuthContext } from '../../http/auth-context.js';
import { callRoute, type RouteHandler } from '../../http/in-process-route.js';
import { DEFAULT_FUNCTION_TIMEOUT_SECONDS, type Invocation, reserveMs } from '../../invocation-clock.js';
import { logger } from '../../logger.js';
import {
  STEP_PATHS,
  type StepAnswer,
  type StepName,
  type StepSender,
} from '../../rules/bulk-jobs/load-line.js';
import { DEFAULT_RETRY_POLICY, isRetryable, retryAfterMs, retryDelayMs } from '../../rules/retry-policy.js';
import { jsonText } from '../../rules/values/json-text.js';

/** The route handler of each step of a line. */
export type StepHandlers = Readonly<Record<StepName, RouteHandler>>;

/** A retry is not started unless this much of the invocation is left after its wait. */
const RETRY_RESERVE_MS = 2 * DEFAULT_FUNCTION_TIMEOUT_SECONDS * 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends a line's steps to the routes' own handlers in this process (./in-process-route.ts), as
 * the ETL CLI's client sends them over HTTP: the same body text, the same organisation and
 * scope, and the same retries (the client's retry policy: 429, 5xx and `import_process_in_progress`
 * again, waiting what `Retry-After` says), within the invocation's time.
 */
export function inProcessStepSender(
  handlers: StepHandlers,
  auth: AuthContext,
  invocation: Invocation,
): StepSender {
  return async (step, body): Promise<StepAnswer> => {
    const text = jsonText(body);
    for (let attempt = 1; ; attempt++) {
      const timeoutMs = Math.min(DEFAULT_FUNCTION_TIMEOUT_SECONDS * 1000, invocation.deadlineMs - Date.now());
      let answer: Awaited<ReturnType<typeof callRoute>>;
      try {
        answer = await callRoute(handlers[step], {
          path: STEP_PATHS[step],
          body: text,
          auth,
          timeoutMs,
          requestId: `${invocation.holder}:${step}:${attempt}`,
        });
      } catch (error) {
        // apiHandler answers every error itself; a throw is what the API would answer 502.
        logger.error('A step handler threw', { step, error: error as Error });
        answer = { status: 502, headers: {}, body: '{"detail":"Internal error.","code":"internal_error"}' };
      }
      let parsed: { code?: string } | undefined;
      try {
        parsed = answer.body ? (JSON.parse(answer.body) as { code?: string }) : undefined;
      } catch {
        parsed = undefined;
      }
      const result = { status: answer.status, body: parsed };
      if (!isRetryable(answer.status, parsed?.code) || attempt >= DEFAULT_RETRY_POLICY.maxAttempts)
        return result;
      const delay = retryDelayMs(attempt, retryAfterMs(answer.headers['retry-after']));
      if (Date.now() + delay + reserveMs(invocation, RETRY_RESERVE_MS) > invocation.deadlineMs) return result;
      await sleep(delay);
    }
  };
}
