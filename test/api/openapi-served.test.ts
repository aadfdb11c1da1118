import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../schemas/build/openapi.js';
import { projectRoot } from '../../schemas/project-root.js';
import { api } from '../support/http.js';

describe('The OpenAPI document is served, identical, at GET /v1/data-import/openapi.json without a token', () => {
  it('answers 200 application/json with the bytes of docs/api/openapi.json', async () => {
    // Prepare
    const onDisk = readFileSync(path.join(projectRoot, OPENAPI_PATH), 'utf8');

    // Act
    const response = await api('GET', '/v1/data-import/openapi.json');

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.text).toBe(onDisk);
    expect(response.json.paths['/v1/data-import/openapi.json'].get.operationId).toBe('get-openapi-document');
  });
});
