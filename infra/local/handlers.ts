import { asInvocationOf } from './invocation-context.js';

/**
 * Loads a handler module (`functions/handlers/<id>.ts`) once. Imported only after the
 * runtime set the environment, because handlers read their configuration at module scope.
 * The module's `handler` runs each call as one invocation of the function
 * (./invocation-context.ts), whoever invokes it.
 */
const modules = new Map<string, Promise<unknown>>();

export function loadHandler(id: string): Promise<unknown> {
  if (!/^[a-z0-9-]+$/.test(id)) return Promise.reject(new Error(`invalid handler id ${id}`));
  let loading = modules.get(id);
  if (!loading) {
    loading = import(`../../functions/handlers/${id}.ts`).then((module: Record<string, unknown>) =>
      typeof module.handler === 'function'
        ? {
            ...module,
            handler: asInvocationOf(id, module.handler as (...args: unknown[]) => Promise<unknown>),
          }
        : module,
    );
    modules.set(id, loading);
  }
  return loading;
}
