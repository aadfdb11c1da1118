import * as crypto from 'node:crypto';
import { createHash } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { obtainWithApiKey, obtainWithRefreshToken } from '../../functions/auth/service-token.js';
import { documentClient } from '../../functions/store/dynamodb.js';
import { type FaultInjector, injectFaults } from './support/faults.js';
import { createWorld, type HostileWorld } from './support/world.js';

/**
 * The code behind "no measurable timing difference" (no timed assertion):
 * a presented API key or refresh token is hashed first and looked up by its hash, so the
 * raw secret never reaches DynamoDB and no lookup compares it character by character; the
 * stored hash is then compared with crypto.timingSafeEqual.
 */
vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

let world: HostileWorld;
let injector: FaultInjector | undefined;

beforeAll(async () => {
  world = await createWorld('SECRET');
});

afterEach(() => {
  injector?.restore();
  injector = undefined;
  vi.mocked(crypto.timingSafeEqual).mockClear();
});

/** Records the keys of every DynamoDB read (commands pass through unchanged). */
function recordKeys(): string[] {
  const seen: string[] = [];
  injector = injectFaults(documentClient as never, (command) => {
    seen.push(JSON.stringify(command.input.Key ?? command.input));
    return undefined;
  });
  return seen;
}

describe('Rule: API keys and refresh tokens are looked up by their SHA-256 and compared in constant time', () => {
  it('a valid key: the lookup names only the hash, and the stored hash is compared with timingSafeEqual', async () => {
    // Prepare
    const reads = recordKeys();
    // Act
    const obtained = await obtainWithApiKey(world.apiKey);
    // Assess
    expect(obtained.token).toEqual(expect.any(String));
    const hash = createHash('sha256').update(world.apiKey).digest('hex');
    expect(reads.some((read) => read.includes(`APIKEY#${hash}`))).toBe(true);
    expect(reads.join('\n')).not.toContain(world.apiKey);
    expect(crypto.timingSafeEqual).toHaveBeenCalled();
  });

  it('a wrong key one character off is refused after the same hashed lookup (no prefix comparison)', async () => {
    // Prepare
    const reads = recordKeys();
    const wrong = `${world.apiKey.slice(0, -1)}${world.apiKey.endsWith('a') ? 'b' : 'a'}`;
    // Act
    const refused = await obtainWithApiKey(wrong).catch((error: Error & { errorCode?: string }) => error);
    // Assess
    expect((refused as { errorCode?: string }).errorCode).toBe('invalid_api_key');
    expect(reads.join('\n')).not.toContain(wrong);
    expect(
      reads.some((read) => read.includes(`APIKEY#${createHash('sha256').update(wrong).digest('hex')}`)),
    ).toBe(true);
  });

  it('a refresh token is looked up by its hash too, and compared with timingSafeEqual', async () => {
    // Prepare
    const { refreshToken } = await obtainWithApiKey(world.apiKey);
    vi.mocked(crypto.timingSafeEqual).mockClear();
    const reads = recordKeys();
    // Act
    const refreshed = await obtainWithRefreshToken(refreshToken);
    // Assess
    expect(refreshed.token).toEqual(expect.any(String));
    expect(reads.join('\n')).not.toContain(refreshToken);
    expect(crypto.timingSafeEqual).toHaveBeenCalled();
  });
});
