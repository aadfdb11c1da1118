import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createConfig, lint } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../schemas/build/openapi.js';
import { projectRoot } from '../../schemas/project-root.js';

describe('The OpenAPI document passes a maintained OpenAPI 3.1 linter', () => {
  it('has no error under the recommended rules of @redocly/openapi-core', async () => {
    // Prepare
    // The paths end with `/` on purpose: the specification's URLs do, and clients call them so.
    const config = await createConfig({
      extends: ['recommended'],
      rules: { 'no-path-trailing-slash': 'off' },
    });

    // Act
    const problems = await lint({ ref: path.join(projectRoot, OPENAPI_PATH), config });

    // Assess
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
    expect(problems.length).toBeLessThan(1000);
  });

  it('is OpenAPI 3.1 with JSON Schema 2020-12 schemas', () => {
    // Act
    const document = JSON.parse(readFileSync(path.join(projectRoot, OPENAPI_PATH), 'utf8'));

    // Assess
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
  });
});
