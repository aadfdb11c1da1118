/**
 * Loads a handler module (`functions/handlers/<id>.ts`) once. Imported only after the
 * runtime set the environment, because handlers read their configuration at module scope.
 */
const modules = new Map<string, Promise<unknown>>();

export function loadHandler(id: string): Promise<unknown> {
  if (!/^[a-z0-9-]+$/.test(id)) return Promise.reject(new Error(`invalid handler id ${id}`));
  let loading = modules.get(id);
  if (!loading) {
    loading = import(`../../functions/handlers/${id}.ts`);
    modules.set(id, loading);
  }
  return loading;
}
