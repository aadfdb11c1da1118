/**
 * Tokens for integration tests: obtains a token over HTTP from the local runtime's token
 * mutation (`POST ${DATA_IMPORT_URL}/v1/graphql/`), cached per API key for the test file.
 * Seeded keys (infra/local/seed.json): `local-dev-key-acme` (ACME, PAUSED-CO, DONE-CO) and
 * `local-dev-key-globex` (GLOBEX).
 */
const OBTAIN_TOKEN = `mutation Obtain($input: ObtainServiceTokenInput!) {
  obtainServiceToken(input: $input) { token payload refreshToken refreshExpiresIn }
}`;

export interface ObtainedToken {
  token: string;
  payload: Record<string, unknown>;
  refreshToken: string;
  refreshExpiresIn: number;
}

const cache = new Map<string, Promise<string>>();

function baseUrl(): string {
  const url = process.env.DATA_IMPORT_URL;
  if (!url) throw new Error('DATA_IMPORT_URL is not set: is the local runtime (global setup) running?');
  return url.replace(/\/$/, '');
}

/** Calls the mutation (of the shared runtime unless `base` names another) with `APIKey` or `refreshToken`; throws with the errorCode on a GraphQL error. */
export async function obtainServiceToken(
  input: { APIKey: string } | { refreshToken: string },
  base = baseUrl(),
): Promise<ObtainedToken> {
  const response = await fetch(`${base}/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: OBTAIN_TOKEN, variables: { input } }),
  });
  const body = (await response.json()) as {
    data?: { obtainServiceToken?: ObtainedToken | null };
    errors?: { message: string; extensions?: { errorCode?: string } }[];
  };
  const obtained = body.data?.obtainServiceToken;
  if (response.status !== 200 || !obtained) {
    const code = body.errors?.[0]?.extensions?.errorCode ?? `HTTP ${response.status}`;
    throw new Error(`obtainServiceToken failed: ${code}`);
  }
  return obtained;
}

/** A token for the API key (default: the seeded ACME key), cached within the test file. */
export function obtainToken(apiKey = 'local-dev-key-acme'): Promise<string> {
  let token = cache.get(apiKey);
  if (!token) {
    token = obtainServiceToken({ APIKey: apiKey }).then((obtained) => obtained.token);
    token.catch(() => cache.delete(apiKey));
    cache.set(apiKey, token);
  }
  return token;
}

/** The Authorization header for a token (the spec's illustrated `Token <token>` form). */
export function authorization(token: string): { Authorization: string } {
  return { Authorization: `Token ${token}` };
}
