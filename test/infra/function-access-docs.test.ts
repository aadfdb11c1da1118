import { beforeAll, describe, expect, it } from 'vitest';
import { generateFunctionAccessDocs, OPERATIONS_PAGE } from '../../schemas/build/function-access.js';
import type { GeneratedFile } from '../../schemas/build/generated-file.js';
import { staleFiles } from '../../schemas/generate.js';
import { projectRoot } from '../../schemas/project-root.js';

describe('the operations page’s tables of each function’s configuration and permissions are the stack’s (npm run generate)', () => {
  let files: GeneratedFile[];

  beforeAll(async () => {
    files = await generateFunctionAccessDocs(projectRoot);
  }, 120_000);

  it('match what the synthesized stack gives each function', () => {
    // Assess
    expect(files.map((file) => file.path)).toEqual([OPERATIONS_PAGE]);
    expect(staleFiles(projectRoot, files)).toEqual([]);
  });

  it('name every variable of a function: the sweep’s task queue, the list functions’ signing key', () => {
    // Act
    const [page] = files;
    const row = (functionId: string) =>
      page?.content.split('\n').find((line) => line.startsWith(`| \`${functionId}\` | \`DATA_IMPORT_`)) ?? '';

    // Assess
    expect(row('sweep-account-tasks')).toContain('`DATA_IMPORT_TASK_QUEUE_URL`');
    expect(row('hand-over-started-tasks')).toContain('`DATA_IMPORT_TASK_QUEUE_URL`');
    for (const list of ['all', 'pending', 'imported']) {
      expect(row(`list-${list}-import-processes`)).toContain('`DATA_IMPORT_TOKEN_SIGNING_SECRET_ARN`');
    }
  });
});
