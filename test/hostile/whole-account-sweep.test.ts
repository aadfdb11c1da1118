import { describe, expect, it, vi } from 'vitest';
import { paths } from '../accounts/support/accounts.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { realisticAccounts, withFreshIdentifiers } from '../support/realistic-accounts/index.js';

// Hundreds of requests, some of 6 MB, on a shared runtime.
vi.setConfig({ testTimeout: 300_000 });

type Json = Record<string, unknown>;

/** Every path to a value in the account (objects, arrays and leaves), as a list of keys. */
function everyPath(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  if (at.length > 0) out.push(at);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) everyPath(item, [...at, index], out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) everyPath(child, [...at, key], out);
  }
  return out;
}

function replaced(account: Json, at: (string | number)[], value: unknown): Json {
  const copy = structuredClone(account);
  let parent: Record<string | number, unknown> = copy;
  for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[at.at(-1)!] = value;
  return copy;
}

/** A value of another JSON type than `value` (a number for a string, a string for an object…). */
function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12;
  if (typeof value === 'number' || typeof value === 'boolean') return 'text';
  if (Array.isArray(value)) return { item: value[0] ?? null };
  if (value === null) return [[]];
  return ['not', 'an', 'object'];
}

/** JSON text nesting `depth` objects (built as text: serialising it would overflow the test's own stack). */
const nestedText = (depth: number) => `${'{"a":'.repeat(depth)}{}${'}'.repeat(depth)}`;
const PLACEHOLDER = '"__nested__"';

/** Every `step`th path of every realistic account, so the sweep reaches every depth and every union branch. */
function sweep(step: number) {
  return realisticAccounts().flatMap(({ name, account }) =>
    everyPath(account)
      .filter((_, index) => index % step === 0)
      .map((at) => ({ name, account, at })),
  );
}

describe('Rule: nothing of a hostile sweep over the whole account answers 5xx; bad input is a 4xx with the error body', () => {
  it('a wrong type at every sampled depth of every realistic account (every union branch) is a 400 or accepted, never 5xx', async () => {
    // Prepare
    const token = await obtainToken();
    const cases = sweep(7);
    const statuses = new Map<number, number>();
    // Act
    for (const { account, at } of cases) {
      const body = replaced(withFreshIdentifiers(account), at, wrongType(pathValue(account, at)));
      const response = await api('POST', paths.validate, { token, body });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 400)
        expect(response.json).toMatchObject({ code: expect.any(String), errors: expect.any(Array) });
    }
    // Assess
    expect(cases.length).toBeGreaterThan(300);
    expect([...statuses.keys()].every((status) => status === 200 || status === 400)).toBe(true);
    expect(statuses.get(400)).toBeGreaterThan(cases.length * 0.9);
  });

  it('deep nesting, a huge array and a body of 6 MB at every depth: 400 or 413, never 5xx', async () => {
    // Prepare
    const token = await obtainToken();
    const [first] = realisticAccounts();
    const fresh = withFreshIdentifiers(first!.account);
    const deepest = everyPath(fresh).sort((a, b) => b.length - a.length)[0]!;
    const texts = [
      JSON.stringify(replaced(fresh, ['customers', 0, 'metadata'], '__nested__')).replace(
        PLACEHOLDER,
        nestedText(5_000),
      ),
      JSON.stringify(replaced(fresh, deepest, '__nested__')).replace(PLACEHOLDER, nestedText(40)),
    ];
    const bodies = [
      replaced(
        fresh,
        ['customers'],
        Array.from({ length: 200_000 }, () => ({})),
      ),
      replaced(
        fresh,
        ['supply_addresses', 0, 'meter_points'],
        Array.from({ length: 50_000 }, () => 1),
      ),
      replaced(
        fresh,
        ['notes'],
        Array.from({ length: 800 }, () => ({ body: 'x'.repeat(7_900) })),
      ),
      replaced(fresh, deepest, 'x'.repeat(6_400_000)),
    ];
    // Act
    const statuses: number[] = [];
    for (const rawBody of texts)
      statuses.push((await api('POST', paths.validate, { token, rawBody })).status);
    for (const body of bodies) statuses.push((await api('POST', paths.validate, { token, body })).status);
    // Assess
    expect(statuses.every((status) => status === 400 || status === 413)).toBe(true);
    expect(statuses.at(-1)).toBe(413);
  });
});

function pathValue(account: Json, at: (string | number)[]): unknown {
  let value: unknown = account;
  for (const key of at) value = (value as Record<string | number, unknown>)[key];
  return value;
}
