import { describe, expect, it } from 'vitest';
import { LOCAL_ORGANISATION_RATE_LIMIT, localBurstOf } from '../../infra/config/local-limits.js';
import { OrganisationRateLimiter } from '../../infra/local/organisation-rate-limiter.js';

/** A limiter on a clock the test moves. */
function limiterAt(ratePerSecond: number, burst: number) {
  const clock = { now: 0 };
  const limiter = new OrganisationRateLimiter({ ratePerSecond, burst }, () => clock.now);
  return { limiter, clock };
}

const admitted = (limiter: OrganisationRateLimiter, organisation: string, requests: number) =>
  Array.from({ length: requests }, () => limiter.admit(organisation).admitted);

describe('The local per-organisation limit: a token bucket per organisation (rate per second, burst)', () => {
  it('admits a burst of `burst` requests at once and refuses the next with Retry-After in whole seconds', () => {
    // Prepare
    const { limiter } = limiterAt(1, 2);
    // Act
    const burst = admitted(limiter, 'acme', 2);
    const refused = limiter.admit('acme');
    // Assess
    expect(burst).toEqual([true, true]);
    expect(refused).toEqual({ admitted: false, retryAfterSeconds: 1 });
  });

  it('admits again once the rate has refilled a token', () => {
    // Prepare
    const { limiter, clock } = limiterAt(2, 2);
    admitted(limiter, 'acme', 2);
    // Act
    clock.now += 500;
    const afterHalfASecond = admitted(limiter, 'acme', 2);
    // Assess: half a second at 2 per second is one token
    expect(afterHalfASecond).toEqual([true, false]);
  });

  it('keeps another organisation’s bucket apart: one organisation’s burst does not affect it', () => {
    // Prepare
    const { limiter } = limiterAt(1, 2);
    admitted(limiter, 'acme', 3);
    // Act
    const globex = admitted(limiter, 'globex', 2);
    // Assess
    expect(globex).toEqual([true, true]);
  });

  it('never holds more than the burst, however long an organisation was quiet', () => {
    // Prepare
    const { limiter, clock } = limiterAt(10, 3);
    // Act
    clock.now += 60_000;
    const requests = admitted(limiter, 'acme', 4);
    // Assess
    expect(requests).toEqual([true, true, true, false]);
  });

  it('the local default allows a burst of twice the rate', () => {
    expect(localBurstOf(LOCAL_ORGANISATION_RATE_LIMIT)).toBe(2 * LOCAL_ORGANISATION_RATE_LIMIT);
  });
});
