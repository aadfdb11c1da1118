import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, LONGEST_CLAIM_MS, retryDelayMs } from '../../functions/rules/retry-policy.js';
import { longestClaimSeconds } from '../../infra/routes.js';

describe('The ETL kit retries as long as the longest claim lasts', () => {
  it('its longest claim is the service’s: the longest timeout of a function that takes claims plus the largest margin', () => {
    expect(LONGEST_CLAIM_MS).toBe(longestClaimSeconds() * 1000);
  });

  it('a Retry-After as long as the longest claim is waited in full, not cut short', () => {
    // Prepare: the server says the claim expires in the longest claim's lifetime
    const retryAfter = longestClaimSeconds();

    // Act
    const wait = retryDelayMs(1, retryAfter * 1000, DEFAULT_RETRY_POLICY, () => 0);

    // Assess
    expect(wait).toBe(retryAfter * 1000);
  });
});
