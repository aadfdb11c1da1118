import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authorityError } from '../../functions/rules/bulk-jobs/bulk-job.js';
import { lineFailedResult, wasCutByPause } from '../../functions/rules/bulk-jobs/line-result.js';
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
      errors: [{ step: 'notes', code: 'import_supplier_paused', attr: 'import_supplier', detail: '' }],
    };

    // Assess
    expect(wasCutByPause(paused)).toBe(true);
    expect(wasCutByPause(lineFailedResult(1, null, new Error()))).toBe(false);
  });
});
