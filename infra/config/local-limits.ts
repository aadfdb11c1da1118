/**
 * The `local` environment's per-organisation limit: requests per second each organisation
 * may send to the local API (`npm start -- --rate-limit N` overrides it); the burst is twice
 * the rate. High enough that normal use and the test suite never meet it.
 * `local` is not a deployable environment: it is not in ./environments.ts.
 */
export const LOCAL_ORGANISATION_RATE_LIMIT = 1000;

/** The burst a local rate allows: as many requests at once as two seconds' worth. */
export const localBurstOf = (ratePerSecond: number) => 2 * ratePerSecond;
