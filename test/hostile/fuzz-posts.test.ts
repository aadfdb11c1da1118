import { beforeAll, describe, expect, it } from 'vitest';
import { fuzzPost } from './support/post-fuzz.js';
import { routesToFuzz } from './support/route-fuzz-plans.js';
import { FUZZ_TIMEOUT_MS } from './support/runs.js';
import { createWorld, type HostileWorld } from './support/world.js';

/**
 * Every POST route of infra/routes.ts, taken from the route table: random and near-valid
 * bodies, malformed JSON, odd content types, empty bodies and other suppliers. The valid
 * request each case starts from comes from the route's plan (support/route-fuzz-plans.ts).
 */
let world: HostileWorld;

beforeAll(async () => {
  world = await createWorld('POST');
});

describe('Rule: whatever a POST route receives, it never answers 5xx, every 4xx has the error shape and writes nothing', () => {
  for (const route of routesToFuzz('POST')) {
    it(
      `${route.id}: random, near-valid and malformed requests`,
      async () => {
        // Prepare / Act / Assess: each fast-check case prepares a fresh valid request, mutates
        // it, sends it and checks the answer and the table (see support/post-fuzz.ts).
        const outcome = await fuzzPost(world, route);
        expect(outcome.cases).toBeGreaterThan(0);
      },
      FUZZ_TIMEOUT_MS,
    );
  }
});
