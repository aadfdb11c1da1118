import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authorityError } from '../../functions/rules/bulk-jobs/bulk-job.js';
import { lineFailedResult, wasCutByPause } from '../../functions/rules/bulk-jobs/line-result.js';
import { stepOutcome } from '../../functions/rules/bulk-jobs/load-line.js';
import { isRetryable } from '../../functions/rules/retry-policy.js';
import { jsonText } from '../../functions/rules/values/json-text.js';

describe('a line of any depth can be sent: its JSON text is what JSON.stringify writes', () => {
  it('for any JSON value, the text is JSON.stringify’s', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        // Assess
        expect(jsonText(value)).toBe(JSON.stringify(value));
      }),
    );
  });

  it('a value nested 20 000 levels deep, which JSON.stringify cannot write, is written and reads back as itself', () => {
    // Prepare
    const text = `{"a":[1,"x",null,${'{"b":['.repeat(10_000)}true${']}'.repeat(10_000)}],"c":false}`;
    const value = JSON.parse(text);
    expect(() => JSON.stringify(value)).toThrow(RangeError);

    // Act
    const written = jsonText(value);

    // Assess
    expect(written).toBe(text);
  });
});

describe('a job acts only with current authority', () => {
  const job = { import_supplier: 'ACME' };

  it('an organisation with a key and the supplier in its scope may go on', () => {
    // Assess
    expect(authorityError(job, { suppliers: ['GLOBEX', 'ACME'] }, true)).toBeUndefined();
  });

  it('an organisation with no key left that is not revoked: bulk_job_authority_revoked', () => {
    // Assess
    expect(authorityError(job, { suppliers: ['ACME'] }, false)?.code).toBe('bulk_job_authority_revoked');
  });

  it('an organisation whose scope no longer covers the supplier, or that is gone: bulk_job_authority_revoked', () => {
    // Assess
    expect(authorityError(job, { suppliers: ['GLOBEX'] }, true)?.code).toBe('bulk_job_authority_revoked');
    expect(authorityError(job, undefined, true)?.code).toBe('bulk_job_authority_revoked');
  });
});

describe('a line whose run throws ends FAILED with a code; a pause is not the line’s failure', () => {
  it('a thrown run is FAILED line_failed, naming the error’s kind, not its message', () => {
    // Act
    const result = lineFailedResult(7, 'E-1', new RangeError('Maximum call stack size exceeded at secret'));

    // Assess
    expect(result).toEqual({
      line: 7,
      external_account_number: 'E-1',
      service_account_number: null,
      status: 'FAILED',
      errors: [
        { step: 'run', code: 'line_failed', attr: null, detail: expect.stringContaining('RangeError') },
      ],
    });
    expect(result.errors[0]?.detail).not.toContain('secret');
  });

  it('a result with a step refused import_supplier_paused was cut by a pause; other refusals were not', () => {
    // Prepare
    const paused = {
      ...lineFailedResult(1, null, new Error()),
      errors: [{ step: 'process', code: 'import_supplier_paused', attr: 'import_supplier', detail: '' }],
    };

    // Assess
    expect(wasCutByPause(paused)).toBe(true);
    expect(wasCutByPause(lineFailedResult(1, null, new Error()))).toBe(false);
  });
});

describe('a step ends transient exactly when the client’s retry policy would send it again', () => {
  it.each([
    [429, 'rate_limited', true],
    [500, 'internal_error', true],
    [503, 'temporarily_unavailable', true],
    [409, 'import_process_in_progress', true],
    [409, 'idempotency_key_in_use', true],
    [409, 'account_creation_conflict', false],
    [400, 'invalid_format', false],
    [404, 'account_not_found', false],
  ])('%i %s: transient %s', (status, code, transient) => {
    // Act
    const outcome = stepOutcome('stage', { status, body: { code, detail: 'x' } });
    // Assess
    expect(outcome.transient).toBe(transient);
    expect(outcome.transient).toBe(isRetryable(status, code));
  });
});

describe('a line loaded again after its creation began goes on to process, which finishes the creation', () => {
  it('staging answered 409 import_process_in_progress with creation_begun is the stage step done; without it, a transient failure', () => {
    // Prepare
    const begun = { code: 'import_process_in_progress', detail: 'x', creation_begun: true };
    const locked = { code: 'import_process_in_progress', detail: 'x' };
    // Act
    const onStage = stepOutcome('stage', { status: 409, body: begun });
    const whileLocked = stepOutcome('stage', { status: 409, body: locked });
    const onProcess = stepOutcome('process', { status: 409, body: begun });
    // Assess
    expect(onStage).toEqual({ ok: true, transient: false, serviceAccountNumber: undefined, errors: [] });
    expect(whileLocked).toMatchObject({ ok: false, transient: true });
    expect(onProcess).toMatchObject({ ok: false, transient: true });
  });
});
