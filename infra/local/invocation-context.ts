import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which function invocation the current code runs in, locally. In the cloud every Lambda has
 * its own process and SDK client; locally every function shares one process and one client,
 * so whatever measures one function's requests (the bench's DynamoDB request counter) asks
 * this context who is calling. The local API server runs each API function invocation (and
 * the token authorizer) inside it.
 */
export interface Invocation {
  /** The handler id (`functions/handlers/<id>.ts`). */
  functionId: string;
  /** `api`: a route's function; `authorizer`: the token authorizer in front of it. */
  trigger: 'api' | 'authorizer';
}

const invocations = new AsyncLocalStorage<Invocation>();

/** Runs `work` as one invocation of a function. */
export function runInvocation<T>(invocation: Invocation, work: () => Promise<T>): Promise<T> {
  return invocations.run(invocation, work);
}

/** The invocation the caller runs in; undefined in background workers and outside the runtime. */
export function currentInvocation(): Invocation | undefined {
  return invocations.getStore();
}
