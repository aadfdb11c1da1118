import path from 'node:path';
import type { Plugin } from 'vitest/config';

/**
 * A vite plugin for the integration tests: every handler module a test imports
 * (`functions/handlers/<id>.ts`) exports its `handler` wrapped so that each call runs as one
 * invocation of function `<id>` (infra/local/invocation-context.ts), as the local runtime runs the
 * handlers it loads. The AWS calls of a handler a test calls in its own process are then recorded
 * as that function's (./aws-calls/recorder.ts), whoever calls it, for every function there is.
 */
const HANDLER = /\/functions\/handlers\/([a-z0-9-]+)\.ts$/;
const EXPORT = 'export const handler =';

export function functionInvocations(projectRoot: string): Plugin {
  const context = path.join(projectRoot, 'infra', 'local', 'invocation-context.ts');
  return {
    name: 'function-invocations',
    transform(code, id) {
      const functionId = HANDLER.exec(id)?.[1];
      if (!functionId || !code.includes(EXPORT)) return null;
      return {
        code: [
          code.replace(EXPORT, 'const handlerOfThisFunction ='),
          `import { asInvocationOf } from ${JSON.stringify(context)};`,
          `export const handler = asInvocationOf(${JSON.stringify(functionId)}, handlerOfThisFunction);`,
        ].join('\n'),
        map: null,
      };
    },
  };
}
