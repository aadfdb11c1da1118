/**
 * vitest setupFiles (both projects): the functions' logger (Powertools) writes through the
 * global `console` instead of straight to stdout (`POWERTOOLS_DEV`), so vitest attributes each
 * log line to the test that caused it and, with `silent: 'passed-only'` (vitest.config.ts),
 * prints it only when that test fails. Set before any function module creates its logger.
 */
process.env.POWERTOOLS_DEV = 'true';
