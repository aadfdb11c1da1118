/**
 * Tokens for the REST API, obtained with the GraphQL `obtainServiceToken` mutation: first with
 * the API key, then with the refresh token (single use, rotated on every refresh). Single
 * flight: however many requests need a token at the same moment, one mutation is in flight and
 * they all wait for it; a refresh token is never sent twice.
 */
const OBTAIN_TOKEN = `mutation Obtain($input: ObtainServiceTokenInput!) {
  obtainServiceToken(input: $input) { token refreshToken refreshExpiresIn payload }
}`;

/** Whom the API key belongs to, as its token says: the organisation (`sub`) and its suppliers. */
export interface TokenHolder {
  organisation: string;
  suppliers: string[];
}

interface HeldToken {
  token: string;
  holder: TokenHolder;
  /** Unix seconds. */
  expiresAt: number;
  refreshToken?: string;
  /** Unix seconds. */
  refreshExpiresAt?: number;
}

/**
 * The token mutation refused the credentials (`code` is its `extensions.errorCode`, `detail`
 * its message). With the API key itself refused (`invalid_api_key`, `api_key_revoked`) no request
 * can succeed until the key is changed: `keyRefused` says so.
 */
export class TokenError extends Error {
  constructor(
    readonly code: string,
    readonly detail = '',
  ) {
    super(`obtainServiceToken failed: ${code}${detail ? ` (${detail})` : ''}`);
    this.name = 'TokenError';
  }

  get keyRefused(): boolean {
    return this.code === 'invalid_api_key' || this.code === 'api_key_revoked';
  }
}

/** Renew this long before the token expires, so a request never leaves with a dying token. */
const RENEW_MARGIN_SECONDS = 60;

export class TokenProvider {
  private held: HeldToken | undefined;
  private inFlight: Promise<HeldToken> | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly now: () => number = () => Date.now() / 1000,
  ) {}

  /** A token valid for at least a minute more. */
  async token(): Promise<string> {
    const held = this.held;
    if (held && held.expiresAt - RENEW_MARGIN_SECONDS > this.now()) return held.token;
    return (await this.renew()).token;
  }

  /** The organisation and suppliers of the key, from the token's claims (a token is obtained if none is held). */
  async holder(): Promise<TokenHolder> {
    await this.token();
    return (this.held as HeldToken).holder;
  }

  /** The server refused `token` (401): drop it unless another request already replaced it. */
  invalidate(token: string): void {
    if (this.held?.token === token) this.held = { ...this.held, expiresAt: 0 };
  }

  private renew(): Promise<HeldToken> {
    this.inFlight ??= this.obtainFresh().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async obtainFresh(): Promise<HeldToken> {
    const refresh = this.held?.refreshToken;
    const refreshUsable = refresh && (this.held?.refreshExpiresAt ?? 0) - RENEW_MARGIN_SECONDS > this.now();
    let obtained: HeldToken;
    try {
      obtained = refreshUsable
        ? await this.obtain({ refreshToken: refresh })
        : await this.obtain({ APIKey: this.apiKey });
    } catch (error) {
      // A refresh token that no longer works (expired, revoked, already used): start again from the key.
      if (!refreshUsable || !(error instanceof TokenError)) throw error;
      obtained = await this.obtain({ APIKey: this.apiKey });
    }
    this.held = obtained;
    return obtained;
  }

  private async obtain(input: { APIKey: string } | { refreshToken: string }): Promise<HeldToken> {
    const response = await this.fetchImpl(`${this.baseUrl}/v1/graphql/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: OBTAIN_TOKEN, variables: { input } }),
    });
    if (response.status !== 200) throw new Error(`obtainServiceToken answered HTTP ${response.status}`);
    const body = (await response.json()) as {
      data?: {
        obtainServiceToken?: {
          token: string;
          refreshToken?: string;
          refreshExpiresIn?: number;
          payload?: { exp?: number; sub?: string; suppliers?: string[] };
        } | null;
      };
      errors?: { message?: string; extensions?: { errorCode?: string } }[];
    };
    const result = body.data?.obtainServiceToken;
    if (!result) {
      const [first] = body.errors ?? [];
      throw new TokenError(first?.extensions?.errorCode ?? 'no_token', first?.message);
    }
    return {
      token: result.token,
      holder: { organisation: result.payload?.sub ?? '', suppliers: result.payload?.suppliers ?? [] },
      expiresAt: result.payload?.exp ?? this.now() + 3600,
      refreshToken: result.refreshToken,
      refreshExpiresAt: result.refreshExpiresIn,
    };
  }
}
