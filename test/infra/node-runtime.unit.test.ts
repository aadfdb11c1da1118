import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../schemas/project-root.js';

const packageJson = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

describe('the tests and the local runtime run on the Node major the Lambda functions run on (nodejs22.x)', () => {
  it('this process runs Node 22', () => {
    // Act
    const running = process.versions.node;

    // Assess
    expect(running).toMatch(/^22\./);
  });

  it('this process runs the Node that `npm ci` installed from the pinned `node` development dependency, not the machine’s own', () => {
    // Prepare
    const pinned = packageJson.devDependencies.node;

    // Act
    const running = process.versions.node;

    // Assess
    expect(pinned).toMatch(/^22\.\d+\.\d+$/);
    expect(running).toBe(pinned);
  });
});
