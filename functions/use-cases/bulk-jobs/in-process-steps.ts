import type { AuthContext } from '../../http/auth-context.js';
import { callRoute, type RouteHandler } from '../../http/in-process-route.js';
import { DEFAULT_FUNCTION_TIMEOUT_SECONDS, type Invocation, reserveMs } from '../../invocation-clock.js';
import { logger } from '../../logger.js';
import { retryAttempts } from '../../retry-loop.js';
import {
  STEP_PATHS,
  type StepAnswer,
  type StepName,
  type StepSender,
} from '../../rules/bulk-jobs/load-line.js';
import { retryAfterMs } from '../../rules/retry-policy.js';
import { jsonText } from '../../rules/values/json-text.js';

/** The route handler of each step of a line. */
export type StepHandlers = Readonly<Record<StepName, RouteHandler>>;

/** A retry is not started unless this much of the invocation is left after its wait. */
const RETRY_RESERVE_MS = 2 * DEFAULT_FUNCTION_TIMEOUT_SECONDS * 1000;

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
    return retryAttempts(
      async (attempt) => {
        const answer = await sendOnce(handlers[step], step, text, auth, invocation, attempt);
        const parsed = parsedBody(answer.body);
        return {
          value: { status: answer.status, body: parsed },
          status: answer.status,
          ...(parsed?.code !== undefined ? { code: parsed.code } : {}),
          ...retryAfterOf(answer.headers['retry-after']),
        };
      },
      {
        mayWait: (delayMs) =>
          Date.now() + delayMs + reserveMs(invocation, RETRY_RESERVE_MS) <= invocation.deadlineMs,
      },
    );
  };
}

/** One request of a step to its route's handler, within the invocation's time. */
async function sendOnce(
  handler: RouteHandler,
  step: StepName,
  text: string,
  auth: AuthContext,
  invocation: Invocation,
  attempt: number,
): Promise<Awaited<ReturnType<typeof callRoute>>> {
  const timeoutMs = Math.min(DEFAULT_FUNCTION_TIMEOUT_SECONDS * 1000, invocation.deadlineMs - Date.now());
  try {
    return await callRoute(handler, {
      path: STEP_PATHS[step],
      body: text,
      auth,
      timeoutMs,
      requestId: `${invocation.holder}:${step}:${attempt}`,
    });
  } catch (error) {
    // apiHandler answers every error itself; a throw is what the API would answer 502.
    logger.error('A step handler threw', { step, error: error as Error });
    return { status: 502, headers: {}, body: '{"detail":"Internal error.","code":"internal_error"}' };
  }
}

function parsedBody(body: string | undefined): { code?: string } | undefined {
  try {
    return body ? (JSON.parse(body) as { code?: string }) : undefined;
  } catch {
    return undefined;
  }
}

function retryAfterOf(header: string | undefined): { retryAfterMs?: number } {
  const ms = retryAfterMs(header);
  return ms !== undefined ? { retryAfterMs: ms } : {};
}
