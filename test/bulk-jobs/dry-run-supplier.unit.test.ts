import { describe, expect, it } from 'vitest';
import { parseLine } from '../../functions/rules/bulk-jobs/input-line.js';
import { dryRunLine, loadLine, type StepSender } from '../../functions/rules/bulk-jobs/load-line.js';
import { accountPayload } from '../accounts/support/accounts.js';

/** A sender that answers every step as accepted, and counts what it was sent. */
function acceptingSender() {
  const sent: string[] = [];
  const send: StepSender = async (step) => {
    sent.push(step);
    return { status: step === 'stage' || step === 'validate' ? 200 : 201, body: {} };
  };
  return { send, sent };
}

describe('Rule: a dry run agrees with the real run on a line whose account names another supplier', () => {
  it('dryRunLine fails it with import_supplier_mismatch, as loadLine does, and sends nothing', async () => {
    // Prepare
    const input = parseLine(
      JSON.stringify(accountPayload({ import_supplier: 'GLOBEX', external_account_number: 'LEGACY-9' })),
      4,
    );
    const dry = acceptingSender();
    const real = acceptingSender();

    // Act
    const dryRun = await dryRunLine(dry.send, input, 'ACME');
    const realRun = await loadLine(real.send, input, 'ACME');

    // Assess
    expect(dryRun).toEqual(realRun);
    expect(dryRun.result).toMatchObject({
      line: 4,
      external_account_number: 'LEGACY-9',
      status: 'FAILED',
      errors: [{ step: 'stage', code: 'import_supplier_mismatch', attr: 'import_supplier' }],
    });
    expect(dry.sent).toEqual([]);
  });

  it('an account that names the load’s supplier, or none, is still validated', async () => {
    // Prepare
    const named = parseLine(
      JSON.stringify(accountPayload({ import_supplier: 'ACME', external_account_number: 'L-1' })),
      1,
    );
    const { import_supplier: _none, ...unnamedAccount } = accountPayload({ external_account_number: 'L-2' });
    const unnamed = parseLine(JSON.stringify(unnamedAccount), 2);
    const dry = acceptingSender();

    // Act
    const results = [await dryRunLine(dry.send, named, 'ACME'), await dryRunLine(dry.send, unnamed, 'ACME')];

    // Assess
    expect(results.map(({ result }) => result.status)).toEqual(['IMPORTED', 'IMPORTED']);
    expect(dry.sent).toEqual(['validate', 'validate']);
  });
});
