import { describe, expect, it, vi } from 'vitest';
import { main, parseCommand } from '../../client/etl/cli.js';

describe('Rule: an unknown ETL option is named, with the valid ones, and exits 2', () => {
  it('--suplier (a typo of --supplier): the message names it and lists the options, not positional arguments', () => {
    // Act
    const parse = () => parseCommand(['load', 'package.json', '--suplier', 'ACME']);

    // Assess
    expect(parse).toThrow(
      'unknown option --suplier: the options are --supplier, --concurrency, --state, --dry-run, --retry',
    );
    expect(parse).not.toThrow(/positional/);
  });

  it('--suplier=ACME and a short -x are named as typed, without their value', () => {
    // Act / Assess
    expect(() => parseCommand(['load', 'package.json', '--suplier=ACME'])).toThrow(
      'unknown option --suplier:',
    );
    expect(() => parseCommand(['status', '-x'])).toThrow('unknown option -x:');
  });

  it('the command exits 2 with that sentence on stderr', async () => {
    // Prepare
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    // Act
    const code = await main(['load', 'package.json', '--suplier', 'ACME']);

    // Assess
    expect(code).toBe(2);
    expect(stderr.mock.calls[0]?.[0]).toMatch(/^unknown option --suplier: the options are --supplier, /);
    stderr.mockRestore();
  });
});
