import { describe, expect, it } from 'vitest';
import { apiFunctions, documentRoutes, publicPath } from '../../infra/routes.js';
import { generateOpenApiFiles, OPENAPI_PATH, openApiDocument } from '../../schemas/build/openapi.js';
import { operationContracts } from '../../schemas/build/openapi-operations.js';
import { projectRoot, staleFiles } from '../../schemas/generate.js';

type Operation = {
  operationId: string;
  summary: string;
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};

const document = (await openApiDocument(projectRoot)) as { paths: Record<string, Record<string, Operation>> };
const operationOf = (method: string, path: string) =>
  document.paths[path]?.[method.toLowerCase()] as Operation;

describe('The OpenAPI document is generated from the route table, and never stale', () => {
  it('docs/api/openapi.json is what npm run generate writes', async () => {
    // Act (its generator alone: every generated file is compared in test/events/generated-files)
    const files = await generateOpenApiFiles(projectRoot);
    // Assess
    expect(files.map((file) => file.path)).toContain(OPENAPI_PATH);
    expect(
      staleFiles(
        projectRoot,
        files.filter((file) => file.path === OPENAPI_PATH),
      ),
    ).toEqual([]);
  });

  it('has one operation per route, named by the route id and summarised by its description', () => {
    // Assess
    expect(Object.keys(operationContracts).sort()).toEqual(apiFunctions.map((fn) => fn.id).sort());
    for (const fn of apiFunctions) {
      const operation = operationOf(fn.route.method, publicPath(fn.route.path));
      expect(operation?.operationId, fn.id).toBe(fn.id);
      expect(operation.summary).toBe(fn.description);
    }
    for (const doc of documentRoutes) expect(operationOf('GET', doc.route.path).operationId).toBe(doc.id);
  });

  it.each(apiFunctions.filter((fn) => fn.route.authorized).map((fn) => [fn.id, fn] as const))(
    '%s documents 401, 403, 429, 500 and 503; a POST also 400 and 413; every path parameter',
    (_, fn) => {
      // Act
      const operation = operationOf(fn.route.method, publicPath(fn.route.path));
      // Assess
      const statuses = Object.keys(operation.responses);
      expect(statuses).toEqual(expect.arrayContaining(['401', '403', '429', '500', '503']));
      if (fn.route.method === 'POST') {
        expect(statuses).toEqual(expect.arrayContaining(['400', '413']));
        // A POST that takes no body (a cancel) documents none.
        expect(operation.requestBody !== undefined, fn.id).toBe(
          operationContracts[fn.id].request !== undefined,
        );
      }
      const placeholders = [...fn.route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      expect(operation.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? []).toEqual(
        placeholders,
      );
    },
  );

  it('documents page_size and cursor on the lists (after the supplier, where it is a query parameter)', () => {
    for (const fn of apiFunctions.filter((f) => f.id.startsWith('list-'))) {
      const query = operationOf('GET', publicPath(fn.route.path))
        .parameters?.filter((p) => p.in === 'query')
        .map((p) => p.name);
      const supplierInQuery = !fn.route.path.includes('{import_supplier}');
      expect(query, fn.id).toEqual([...(supplierInQuery ? ['import_supplier'] : []), 'page_size', 'cursor']);
    }
  });
});
