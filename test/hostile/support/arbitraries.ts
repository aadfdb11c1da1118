import fc from 'fast-check';

/**
 * fast-check arbitraries for hostile input: edge values,
 * near-valid mutations of a valid payload, malformed JSON text and odd transports.
 */

/** Text that breaks naive code: control characters, bidi marks, lone surrogates, huge strings. */
export const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\u202eevil\u202c',
  '\u200f\u200e',
  '\ufeff',
  'e\u0301',
  '\u00e9',
  '💩',
  '👩‍👩‍👧‍👦',
  '\r\n',
  '\t',
  '\\',
  '"',
  "'; DROP TABLE x; --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, not a template
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '..',
  '../../etc/passwd',
  '/',
  '//',
  '%00',
  '%2F',
  '%2e%2e',
  '#',
  'IMPORT#ACME#x',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'null',
  'true',
  'NaN',
  '1e400',
  '-0',
  '2020-01-01T23:59:60Z',
  '2020-02-30',
  '2020-13-01',
  '0000-01-01',
  '9999-12-31',
  '+275760-09-13',
  '2020-01-01T00:00:00+23:59',
  '2020-01-01t00:00:00z',
  '2020-01-01 00:00:00Z',
  'A-00000000',
  'x'.repeat(256),
  'x'.repeat(1025),
  'x'.repeat(10_000),
  'x'.repeat(10_001),
  '💩'.repeat(5000),
  '💩'.repeat(5001),
  'é'.repeat(10_000),
  '\u202e'.repeat(10_000),
];

export const nastyNumbers = [
  0,
  -1,
  1.005,
  0.1 + 0.2,
  1e-7,
  5e-324,
  -5e-324,
  1e-130,
  1e-131,
  1e15,
  1e16,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e21,
  1e125,
  1e126,
  1.7976931348623157e308,
  -1.7976931348623157e308,
  123456.789,
];

/** A nested value `depth` levels deep (arrays or objects). */
export function nested(depth: number, kind: 'array' | 'object' = 'array'): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

export const edgeValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 3, arbitrary: fc.constantFrom(...nastyNumbers) },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [[]], { '': 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(8, 31, 33, 100).map((depth) => nested(depth)) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()) },
  {
    weight: 1,
    arbitrary: fc
      .date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2100-01-01') })
      .map((date) => date.toISOString().slice(0, 10)),
  },
);

/** Number literals JSON.stringify cannot write: they are spliced into the text. */
export const rawNumberTexts = [
  '1e400',
  '-1e400',
  '1E-400',
  '-0',
  '-0.0',
  '0e0',
  '123456789012345678901234567890',
  '0.10000000000000000000000000000001',
  '1.5e+300',
];

export type PathStep = string | number;

/** Every path into a JSON value (objects' keys, arrays' indexes), the root excluded. */
export function pathsOf(value: unknown, prefix: PathStep[] = []): PathStep[][] {
  if (Array.isArray(value)) {
    return value.flatMap((child, index) => [[...prefix, index], ...pathsOf(child, [...prefix, index])]);
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => [
      [...prefix, key],
      ...pathsOf(child, [...prefix, key]),
    ]);
  }
  return [];
}

export type Mutation =
  | { kind: 'valid' }
  | { kind: 'remove'; pick: number }
  | { kind: 'set'; pick: number; value: unknown }
  | { kind: 'add'; pick: number; key: string; value: unknown }
  | { kind: 'duplicate'; pick: number }
  | { kind: 'retype'; pick: number; to: 'string' | 'number' | 'array' | 'object' | 'null' | 'boolean' }
  | { kind: 'oversize'; pick: number; size: number }
  | { kind: 'rawNumber'; pick: number; text: string }
  | { kind: 'duplicateKey'; value: unknown };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'valid' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('set' as const), pick: fc.nat(), value: edgeValue }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      pick: fc.nat(),
      key: fc.oneof(fc.constantFrom('extra', '__proto__', 'constructor', 'status', ''), fc.string()),
      value: edgeValue,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('retype' as const),
      pick: fc.nat(),
      to: fc.constantFrom('string', 'number', 'array', 'object', 'null', 'boolean'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('oversize' as const),
      pick: fc.nat(),
      size: fc.constantFrom(256, 1001, 10_001),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('rawNumber' as const),
      pick: fc.nat(),
      text: fc.constantFrom(...rawNumberTexts),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicateKey' as const), value: edgeValue }) },
);

const RAW = '\u0000raw-number\u0000';

function clone<T>(value: T): T {
  return structuredClone(value);
}

function parentOf(root: unknown, path: PathStep[]): { parent: Record<PathStep, unknown>; last: PathStep } {
  let parent = root as Record<PathStep, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<PathStep, unknown>;
  return { parent, last: path[path.length - 1] as PathStep };
}

function retyped(value: unknown, to: Extract<Mutation, { kind: 'retype' }>['to']): unknown {
  switch (to) {
    case 'string':
      return JSON.stringify(value) ?? 'undefined';
    case 'number':
      return typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
        ? Number(value)
        : 42;
    case 'array':
      return [value];
    case 'object':
      return { value };
    case 'null':
      return null;
    case 'boolean':
      return Boolean(value);
  }
}

function oversized(value: unknown, size: number): unknown {
  if (Array.isArray(value))
    return Array.from({ length: size }, (_, i) => clone(value[i % Math.max(1, value.length)] ?? 1));
  if (typeof value === 'number') return Number(`9${'9'.repeat(Math.min(size, 300))}`);
  return 'y'.repeat(size);
}

/** Applies a mutation to a valid payload; returns the request body as text. */
export function applyMutation(base: Record<string, unknown>, change: Mutation): string {
  const body = clone(base);
  const paths = pathsOf(body);
  const path =
    'pick' in change && paths.length > 0 ? (paths[change.pick % paths.length] as PathStep[]) : undefined;
  let rawNumber: string | undefined;
  if (path) {
    const { parent, last } = parentOf(body, path);
    switch (change.kind) {
      case 'remove':
        if (Array.isArray(parent)) parent.splice(last as number, 1);
        else delete parent[last];
        break;
      case 'set':
        parent[last] = change.value;
        break;
      case 'add': {
        const target = parent[last];
        if (target && typeof target === 'object' && !Array.isArray(target)) {
          Object.defineProperty(target, change.key, {
            value: change.value,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        } else parent[last] = change.value;
        break;
      }
      case 'duplicate':
        if (Array.isArray(parent)) parent.splice(last as number, 0, clone(parent[last]));
        else parent[last] = [parent[last], parent[last]];
        break;
      case 'retype':
        parent[last] = retyped(parent[last], change.to);
        break;
      case 'oversize':
        parent[last] = oversized(parent[last], change.size);
        break;
      case 'rawNumber':
        parent[last] = RAW;
        rawNumber = change.text;
        break;
    }
  }
  let text = JSON.stringify(body);
  if (rawNumber !== undefined) text = text.replace(JSON.stringify(RAW), rawNumber);
  if (change.kind === 'duplicateKey') {
    const first = Object.keys(body)[0] ?? 'import_supplier';
    text = `${text.slice(0, -1)},${JSON.stringify(first)}:${JSON.stringify(change.value) ?? 'null'}}`;
  }
  return text;
}

/** Malformed or hostile JSON text derived from a valid body. */
export const malformed = (validText: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.nat({ max: Math.max(0, validText.length - 1) }).map((cut) => validText.slice(0, cut)),
    fc.constantFrom(
      '{',
      '}',
      '[',
      '{"a":}',
      "{'a':1}",
      '{"a":1,}',
      '{"a":NaN}',
      '{"a":Infinity}',
      '{"a":undefined}',
      '/* c */ {}',
      'null',
      'true',
      '0',
      '""',
      '[]',
      '{}',
      '\ufeff{}',
      `\ufeff${validText}`,
      `${validText}${validText}`,
      `${validText},`,
      `[${validText}]`,
      '{"a":"\\ud800"}',
      '{"\\ud800":1}',
      '{"a":"\\u0000"}',
      '{"a":"\\x00"}',
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      `{"a":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`,
      `${validText.slice(0, -1)},"transactions":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      `${validText.slice(0, -1)},"notes":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    ),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.jsonValue().map((value) => JSON.stringify(value)),
  );

export const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  '',
  undefined,
];

/** One fuzz case of a POST endpoint. */
export type PostCase =
  | { type: 'mutation'; mutation: Mutation; contentType?: string }
  | { type: 'json'; value: unknown }
  | { type: 'malformed'; seed: number }
  | { type: 'transport'; contentType: string | undefined; empty: boolean }
  | { type: 'supplier'; choice: number };

export const postCase: fc.Arbitrary<PostCase> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record(
      {
        type: fc.constant('mutation' as const),
        mutation,
        contentType: fc.constantFrom(...contentTypes.filter(Boolean)) as fc.Arbitrary<string>,
      },
      { requiredKeys: ['type', 'mutation'] },
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('json' as const), value: fc.jsonValue({ maxDepth: 4 }) }),
  },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('malformed' as const), seed: fc.integer() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('transport' as const),
      contentType: fc.constantFrom(...contentTypes),
      empty: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('supplier' as const), choice: fc.nat() }) },
);

/** The body text and content type of a case. */
export function renderPostCase(
  fuzzCase: PostCase,
  base: Record<string, unknown>,
  /** Other supplier codes to try in `import_supplier` (paused, complete, out of scope, unknown). */
  suppliers: readonly string[] = [],
): { body: string | undefined; contentType: string | undefined } {
  const validText = JSON.stringify(base);
  switch (fuzzCase.type) {
    case 'mutation':
      return {
        body: applyMutation(base, fuzzCase.mutation),
        contentType: fuzzCase.contentType ?? 'application/json',
      };
    case 'json':
      return { body: JSON.stringify(fuzzCase.value), contentType: 'application/json' };
    case 'malformed': {
      const [text] = fc.sample(malformed(validText), { seed: fuzzCase.seed, numRuns: 1 });
      return { body: text, contentType: 'application/json' };
    }
    case 'transport':
      return { body: fuzzCase.empty ? undefined : validText, contentType: fuzzCase.contentType };
    case 'supplier': {
      const code = suppliers[fuzzCase.choice % Math.max(1, suppliers.length)] ?? 'NOPE';
      return { body: JSON.stringify({ ...base, import_supplier: code }), contentType: 'application/json' };
    }
  }
}

/** Percent-encodes every UTF-8 byte (safe for any string, lone surrogates included). */
export function pct(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');
}

/** URL parameters of the transactions endpoint, valid and not. */
export const transactionQuery: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.constantFrom('check_previously_added', 'force_add_to_current_statement', 'page_size', 'x', ''),
      fc.oneof(
        fc.constantFrom(
          'true',
          'false',
          '1',
          '0',
          'TRUE',
          'False',
          '%20true%20',
          'yes',
          '',
          '%00',
          '%ZZ',
          '%',
          'true&x',
        ),
        fc.string({ unit: 'binary', maxLength: 12 }).map(pct),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) =>
    pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`,
  );
