import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lambdaBundlingOptions } from '../../infra/constructs/bundling-options.js';
import { projectRoot } from '../../schemas/project-root.js';

/** Handlers import `emit`: it must bring only the validators of the events this service emits. */

async function bundle(entries: string[]) {
  const result = await build({
    ...lambdaBundlingOptions.esbuild,
    sourcemap: false,
    entryPoints: entries.map((entry) => path.join(projectRoot, entry)),
    write: false,
    metafile: true,
    outdir: 'out',
    logLevel: 'silent',
  });
  const bytes = Math.max(...result.outputFiles.map((file) => file.contents.byteLength));
  const text = result.outputFiles.map((file) => file.text).join('\n');
  return { bytes, text, inputs: Object.keys(result.metafile.inputs) };
}

describe('emit keeps handler bundles small: each carries only the validators of the events it emits', () => {
  it('bundles emit without any validator: the emitting code brings its own events', async () => {
    // Act
    const { bytes, inputs } = await bundle(['functions/events/emit.ts']);
    // Assess
    expect(inputs.some((input) => input.endsWith('emitted-validators.js'))).toBe(false);
    expect(inputs.some((input) => input.endsWith('catalogue-validators.js'))).toBe(false);
    expect(bytes).toBeLessThan(10_000);
  });

  it('no handler imports the full catalogue validator', async () => {
    // Prepare
    const handlers = readdirSync(path.join(projectRoot, 'functions/handlers'))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => `functions/handlers/${file}`);
    // Act
    const { inputs } = await bundle(handlers);
    // Assess
    expect(handlers.length).toBeGreaterThan(10);
    expect(inputs.some((input) => input.endsWith('catalogue-validators.js'))).toBe(false);
  });

  it('a bundle carries the validators of the events it can emit, and no other', async () => {
    // Act: ledger-events emits only billing.ledger.entry_posted@v2
    const { text } = await bundle(['functions/rules/transactions/ledger-events.ts']);
    // Assess (each descriptor names its event type; the validators name their properties)
    expect(text).toContain('"billing.ledger.entry_posted"');
    expect(text).toContain('is_reversed');
    expect(text).not.toContain('"account.created"');
    expect(text).not.toContain('account_user_emails');
    expect(text).not.toContain('"data_import.import_process.complete"');
  });

  it('the creation events carry their own validators and not those of posting or registering', async () => {
    // Act
    const { text } = await bundle(['functions/rules/account/creation-events/index.ts']);
    // Assess
    for (const type of ['account.created', 'account_user.created', 'deposit_agreement.accepted']) {
      expect(text).toContain(`"${type}"`);
    }
    expect(text).not.toContain('"billing.ledger.entry_posted"');
    expect(text).not.toContain('"lifecycle.join-supplier.requested"');
    expect(text).not.toContain('"data_import.import_process.dry_run_error"');
  });
});
