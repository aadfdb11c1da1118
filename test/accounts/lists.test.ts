import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as listAll } from '../../functions/handlers/list-all-import-processes.js';
import { handler as listImported } from '../../functions/handlers/list-imported-import-processes.js';
import { handler as listPending } from '../../functions/handlers/list-pending-import-processes.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { paths } from './support/accounts.js';
import { context, getEvent, type Handler, recordDynamoDbCommands } from './support/in-process.js';
import {
  byCodePoint,
  newSupplierWithKey,
  type SeededProcess,
  seedProcesses,
} from './support/seed-processes.js';

const lists = {
  all: { handler: listAll as unknown as Handler, path: paths.all },
  pending: { handler: listPending as unknown as Handler, path: paths.pending },
  imported: { handler: listImported as unknown as Handler, path: paths.imported },
};

function call(list: keyof typeof lists, supplier: string, query?: Record<string, string>) {
  const { handler, path } = lists[list];
  return handler(
    getEvent({
      path: path(supplier),
      ...(query ? { query } : {}),
      suppliers: [supplier],
    }),
    context,
  );
}

/** Follows Link headers from the first page; returns every page. */
async function allPages(list: keyof typeof lists, supplier: string, pageSize?: number) {
  const pages: { items: SeededProcess[]; link?: string }[] = [];
  let query: Record<string, string> | undefined = pageSize ? { page_size: String(pageSize) } : undefined;
  for (;;) {
    const response = await call(list, supplier, query);
    expect(response.statusCode).toBe(200);
    const link = response.headers?.Link as string | undefined;
    pages.push({ items: JSON.parse(response.body), ...(link ? { link } : {}) });
    if (!link) return pages;
    const url = new URL(/^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? '');
    query = Object.fromEntries(url.searchParams);
  }
}

describe('Lists with 12 000 accounts', () => {
  let supplier: string;
  let seeded: SeededProcess[];
  const recorder = recordDynamoDbCommands();

  beforeAll(async () => {
    ({ supplier } = await newSupplierWithKey('BULK'));
    const externals = Array.from(
      { length: 12_000 },
      (_, i) => `ACC-${String((i * 7919) % 12_000).padStart(6, '0')}`,
    );
    externals.push('acc-lower', 'ACC-\u00e9t\u00e9', 'ACC-\ufb00', 'ACC-\u{1f600}', '0-first');
    seeded = await seedProcesses(supplier, externals);
  }, 120_000);
  afterAll(() => recorder.stop());

  it('pages every account exactly once, in code-point order, with the default page size of 5000', async () => {
    // Act
    recorder.commands.length = 0;
    const pages = await allPages('all', supplier);

    // Assess
    expect(pages.map((page) => page.items.length)).toEqual([5000, 5000, 2005]);
    const listed = pages.flatMap((page) => page.items);
    const expected = [...seeded].sort((a, b) =>
      byCodePoint(a.external_account_number, b.external_account_number),
    );
    expect(listed).toEqual(expected);
    expect(recorder.commands).not.toContain('ScanCommand');
    const queries = recorder.commands.filter((command) => command === 'QueryCommand');
    // Everything else is the supplier lookup (one GetItem per request at most).
    expect(recorder.commands.length - queries.length).toBeLessThanOrEqual(pages.length);
    expect(new Set(recorder.commands)).toEqual(new Set(['QueryCommand', 'GetItemCommand']));
    expect(queries.length).toBeLessThanOrEqual(pages.length * 4);
  });

  it("pages of 10 000 keep page_size in the Link, an absolute URL on the caller's host and path", async () => {
    const pages = await allPages('all', supplier, 10_000);
    expect(pages.map((page) => page.items.length)).toEqual([10_000, 2005]);
    expect(pages[0]?.link).toMatch(
      new RegExp(
        `^<https://api\\.example\\.test/v1/data-import/all-account-import-processes/${supplier}/\\?page_size=10000&cursor=[^>]+>; rel="next"$`,
      ),
    );
  });

  it('on the execute-api domain the Link keeps the stage in the path', async () => {
    const event = getEvent({
      path: paths.all(supplier),
      query: { page_size: '10' },
      suppliers: [supplier],
    });
    event.headers = { Host: 'abc123.execute-api.eu-west-2.amazonaws.com', 'X-Forwarded-Proto': 'https' };
    const response = await lists.all.handler(event, context);
    expect(response.headers?.Link).toMatch(
      new RegExp(
        `^<https://abc123\\.execute-api\\.eu-west-2\\.amazonaws\\.com/prod/v1/data-import/all-account-import-processes/${supplier}/\\?page_size=10&cursor=`,
      ),
    );
  });

  it('the pending list holds only pending accounts, with nulls; the imported list only imported ones', async () => {
    recorder.commands.length = 0;
    const pending = (await allPages('pending', supplier, 3000)).flatMap((page) => page.items);
    const imported = (await allPages('imported', supplier, 3000)).flatMap((page) => page.items);
    const sorted = [...seeded].sort((a, b) =>
      byCodePoint(a.external_account_number, b.external_account_number),
    );
    expect(pending).toEqual(sorted.filter((item) => item.service_account_number === null));
    expect(imported).toEqual(sorted.filter((item) => item.service_account_number !== null));
    expect(recorder.commands).not.toContain('ScanCommand');
    expect(
      recorder.commands.every((command) => command === 'QueryCommand' || command === 'GetItemCommand'),
    ).toBe(true);
  });
});

describe('Paging parameters', () => {
  let supplier: string;
  let apiKey: string;

  beforeAll(async () => {
    ({ supplier, apiKey } = await newSupplierWithKey('PAGE'));
    await seedProcesses(supplier, ['E-1', 'E-2', 'E-3', 'E-4', 'E-5', 'E-6', 'E-7']);
  });

  it('follows Link headers over HTTP: page_size 3 gives 3 + 3 + 1 and no Link on the last page', async () => {
    const token = await obtainToken(apiKey);
    const first = await api('GET', paths.all(supplier), { token, query: { page_size: 3 } });
    expect(first.json.map((item: SeededProcess) => item.external_account_number)).toEqual([
      'E-1',
      'E-2',
      'E-3',
    ]);
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.get('link') ?? '')?.[1] ?? '';
    expect(next.startsWith(`${process.env.DATA_IMPORT_URL}${paths.all(supplier)}?page_size=3&cursor=`)).toBe(
      true,
    );
    const second = await api('GET', new URL(next).pathname + new URL(next).search, { token });
    expect(second.json.map((item: SeededProcess) => item.external_account_number)).toEqual([
      'E-4',
      'E-5',
      'E-6',
    ]);
    const thirdUrl = new URL(/^<([^>]+)>/.exec(second.headers.get('link') ?? '')?.[1] ?? '');
    const third = await api('GET', thirdUrl.pathname + thirdUrl.search, { token });
    expect(third.json.map((item: SeededProcess) => item.external_account_number)).toEqual(['E-7']);
    expect(third.headers.get('link')).toBeNull();
  });

  it('an exactly full last page carries no Link', async () => {
    const response = await call('all', supplier, { page_size: '7' });
    expect(JSON.parse(response.body)).toHaveLength(7);
    expect(response.headers?.Link).toBeUndefined();
  });

  for (const pageSize of ['0', '10001', 'abc', '1.5', '-1', '']) {
    it(`page_size "${pageSize}" is a 400 invalid_page_size`, async () => {
      const response = await call('all', supplier, { page_size: pageSize });
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({
        code: 'invalid_request',
        errors: [{ attr: 'page_size', code: 'invalid_page_size' }],
      });
    });
  }

  it('a cursor not issued by the service, or issued for another list, is a 400 invalid_cursor', async () => {
    const first = await call('all', supplier, { page_size: '2' });
    const cursor =
      new URL(/^<([^>]+)>/.exec(String(first.headers?.Link))?.[1] ?? '').searchParams.get('cursor') ?? '';
    for (const [list, bad] of [
      ['all', 'garbage'],
      ['all', `${cursor}x`],
      ['all', cursor.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAA')],
      ['pending', cursor],
    ] as const) {
      const response = await call(list, supplier, { cursor: bad });
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({
        code: 'invalid_request',
        errors: [{ attr: 'cursor', code: 'invalid_cursor' }],
      });
    }
  });

  it('a known supplier with no accounts gives []', async () => {
    const { supplier: empty } = await newSupplierWithKey('EMPTY');
    for (const list of ['all', 'pending', 'imported'] as const) {
      const response = await call(list, empty);
      expect(response.statusCode).toBe(200);
      expect(JSON.parse(response.body)).toEqual([]);
    }
  });

  it('an unknown supplier is a 404 import_supplier_not_found', async () => {
    const token = await obtainToken();
    for (const path of [paths.all, paths.pending, paths.imported]) {
      const response = await api('GET', path('NO-SUCH-SUPPLIER'), { token });
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ detail: expect.any(String), code: 'import_supplier_not_found' });
    }
  });

  it('a supplier outside the token scope is a 403', async () => {
    const token = await obtainToken('local-dev-key-globex');
    const response = await api('GET', paths.all(supplier), { token });
    expect(response.status).toBe(403);
  });
});
