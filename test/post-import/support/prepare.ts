import { beforeAll } from 'vitest';
import { obtainToken } from '../../support/auth.js';

/**
 * ACME's token for the post-import tests: set by `prepareAcmeToken()` before the tests of the
 * file that called it run (an exported `let` is a live binding: importers see the new value).
 */
export let token = '';

/** The prologue of a post-import test file: one token for ACME (`local-dev-key-acme`), obtained once. */
export function prepareAcmeToken(): void {
  beforeAll(async () => {
    token = await obtainToken('local-dev-key-acme');
  });
}
