import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which function invocation the current code runs in, locally. In the cloud every Lambda has
 * its own process and SDK clients; locally every function shares one process and one client,
 * so whatever measures one function's requests (the bench's DynamoDB request counter, the
 * least-privilege test's record of AWS calls) asks this context who is calling. Every handler
 * the runtime loads (./handlers.ts) runs each call inside it: the API server's route functions and
 * authorizer, and the background functions the stream and queue pollers, the schedules and the
 * local bus invoke.
 */
export interface Invocation {
  /** The handler id (`functions/handlers/<id>.ts`). */
  functionId: string;
  /**
   * `api`: a route's function; `authorizer`: the token authorizer in front of it; `background`:
   * a function a stream, a queue, a schedule or the bus invokes.
   */
  trigger: 'api' | 'authorizer' | 'background';
}

const invocations = new AsyncLocalStorage<Invocation>();

/** Runs `work` as one invocation of a function. */
export function runInvocation<T>(invocation: Invocation, work: () => Promise<T>): Promise<T> {
  return invocations.run(invocation, work);
}

/** The invocation the caller runs in; undefined outside any function (the runtime's own work, tests). */
export function currentInvocation(): Invocation | undefined {
  return invocations.getStore();
}

/**
 * `handler`, each call of it one invocation of function `functionId`: a call made inside an
 * invocation of that function already (the API server names its trigger) stays in it.
 */
export function asInvocationOf<A extends unknown[], R>(
  functionId: string,
  handler: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return (...args) => {
    if (currentInvocation()?.functionId === functionId) return handler(...args);
    return runInvocation({ functionId, trigger: 'background' }, () => handler(...args));
  };
}
