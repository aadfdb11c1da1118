import type { DataImportClient } from '../data-import-client.js';
import { TokenError, type TokenHolder } from '../token-provider.js';

/** The API cannot be used as configured (URL or key): no line could succeed, so the CLI stops (exit 2). */
export class SetupError extends Error {}

/** One sentence naming why the API cannot be used and what to change. */
export function setupProblem(error: unknown, baseUrl: string): string | undefined {
  if (error instanceof TokenError) {
    if (error.keyRefused) {
      return (
        `the API refused the key in DATA_IMPORT_API_KEY (${error.code}): ${error.detail || 'the key is not valid.'} ` +
        'Set DATA_IMPORT_API_KEY to the key the operator issued to your organisation (npm start seeds local-dev-key-acme).'
      );
    }
    return `obtaining a token failed (${error.code}): ${error.detail || 'the token mutation gave no token.'}`;
  }
  const message = (error as Error)?.message ?? String(error);
  const status = /answered HTTP (\d+)/.exec(message)?.[1];
  if (status) {
    return (
      `${baseUrl}/v1/graphql/ answered HTTP ${status}: check that DATA_IMPORT_URL is the API's base URL ` +
      '(the stack output ApiUrl, or the DATA_IMPORT_URL line npm start prints).'
    );
  }
  if (error instanceof TypeError && message === 'fetch failed') {
    const reason = error.cause as { code?: string; message?: string } | undefined;
    const cause = reason?.code ?? reason?.message ?? message;
    return `cannot reach the API at ${baseUrl} (${cause}): check DATA_IMPORT_URL, and that the service is running (locally: npm start).`;
  }
  return undefined;
}

/**
 * Obtains a first token before any line is sent, so that a wrong URL or API key ends the
 * command at once with one sentence instead of failing every line. Returns whom the key
 * belongs to (its organisation and suppliers).
 */
export async function checkApiAccess(client: DataImportClient): Promise<TokenHolder> {
  try {
    return await client.tokens.holder();
  } catch (error) {
    const problem = setupProblem(error, client.baseUrl);
    throw problem ? new SetupError(problem) : error;
  }
}
