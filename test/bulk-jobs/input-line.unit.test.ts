import { describe, expect, it } from 'vitest';
import {
  INVALID_LINE,
  isBlankLine,
  lineText,
  parseLine,
} from '../../functions/rules/bulk-jobs/input-line.js';
import type { StepEntry } from '../../functions/rules/bulk-jobs/line-result.js';
import { loadLine, type StepAnswer, type StepSender } from '../../functions/rules/bulk-jobs/load-line.js';
import { accountPayload } from '../accounts/support/accounts.js';

/** A sender that answers each step from `answers` (default: accepted), and keeps what it was sent. */
function sender(answers: Partial<Record<string, StepAnswer>> = {}) {
  const sent: { step: string; body: Record<string, unknown> }[] = [];
  const send: StepSender = async (step, body) => {
    sent.push({ step, body });
    return (
      answers[step] ?? {
        status: step === 'process' ? 201 : 200,
        body: { service_account_number: step === 'process' ? 'A-1' : undefined },
      }
    );
  };
  return { send, sent };
}

describe('Rule: a line is one EnergyAccount, read whole', () => {
  it('a JSON object with a string external_account_number is the line’s account, its embedded items included', () => {
    // Prepare
    const account = accountPayload({ external_account_number: 'LINE-1' });
    // Act
    const input = parseLine(JSON.stringify(account), 3);
    // Assess
    expect(input).toMatchObject({ line: 3, externalAccountNumber: 'LINE-1', account });
    expect(input.problem).toBeUndefined();
    expect(input.account?.notes).toEqual(account.notes);
    expect(input.account?.payment_instructions).toEqual(account.payment_instructions);
  });

  it.each([
    ['not JSON', '{nope', 'the line is not valid JSON', null],
    ['an array', '[1]', 'the line is not a JSON object: each line is one account (an EnergyAccount)', null],
    ['a number', '42', 'the line is not a JSON object: each line is one account (an EnergyAccount)', null],
    [
      'no external_account_number',
      '{"account_type":"DOMESTIC"}',
      '"external_account_number" must be a string',
      null,
    ],
    [
      'a numeric external_account_number',
      '{"external_account_number":7}',
      '"external_account_number" must be a string',
      null,
    ],
  ])(
    'a line that is %s is not an account, with a problem that says why',
    (_what, text, problem, external) => {
      // Act
      const input = parseLine(text, 2);
      // Assess
      expect(input).toMatchObject({ line: 2, problem, externalAccountNumber: external });
      expect(input.account).toBeUndefined();
    },
  );

  it('a line in the bundle wrapper (an "account" object, no external_account_number) is refused: the wrapper is gone, the account goes on the line itself', () => {
    // Prepare
    const account = accountPayload({ external_account_number: 'WRAPPED-1' });
    // Act
    const input = parseLine(JSON.stringify({ account, notes: [] }), 5);
    // Assess
    expect(input.account).toBeUndefined();
    expect(input.externalAccountNumber).toBe('WRAPPED-1');
    expect(input.problem).toContain('bundle wrapper');
    expect(input.problem).toContain('no longer accepted');
    expect(input.problem).toContain('put the account itself on the line');
  });

  it('a line that is not an account ends FAILED at step parse with invalid_line and its problem, nothing sent', async () => {
    // Prepare
    const input = parseLine('{"account":{"external_account_number":"W-2"}}', 4);
    const { send, sent } = sender();
    // Act
    const { result, final } = await loadLine(send, input, 'ACME');
    // Assess
    expect(INVALID_LINE).toBe('invalid_line');
    expect(final).toBe(true);
    expect(result).toEqual({
      line: 4,
      external_account_number: 'W-2',
      service_account_number: null,
      status: 'FAILED',
      errors: [{ step: 'parse', code: 'invalid_line', attr: null, detail: input.problem }],
    });
    expect(sent).toEqual([]);
  });

  it('a CRLF line is read without its \\r, its hash is of that text, and a whitespace-only line is blank', () => {
    // Prepare
    const text = JSON.stringify(accountPayload({ external_account_number: 'CRLF-1' }));
    // Act
    const crlf = parseLine(lineText(`${text}\r`), 1);
    const lf = parseLine(lineText(text), 1);
    // Assess
    expect(crlf.hash).toBe(lf.hash);
    expect(crlf.account?.external_account_number).toBe('CRLF-1');
    expect(isBlankLine(' \t\r')).toBe(true);
    expect(isBlankLine(text)).toBe(false);
  });
});

describe('Rule: a line is loaded stage → process → done', () => {
  it('stage sends the whole account (embedded items inside, the load’s supplier), process its reference; no other step; IMPORTED', async () => {
    // Prepare
    const account = accountPayload({ external_account_number: 'STEPS-1' });
    const { send, sent } = sender();
    // Act
    const { result, final } = await loadLine(send, parseLine(JSON.stringify(account), 1), 'ACME');
    // Assess
    expect(sent.map(({ step }) => step)).toEqual(['stage', 'process']);
    expect(sent[0]?.body).toEqual({ ...account, import_supplier: 'ACME' });
    expect(sent[1]?.body).toEqual({ import_supplier: 'ACME', external_account_number: 'STEPS-1' });
    expect(final).toBe(true);
    expect(result).toEqual({
      line: 1,
      external_account_number: 'STEPS-1',
      service_account_number: 'A-1',
      status: 'IMPORTED',
      errors: [],
    });
  });

  it('an account imported before (stage answers 409 already imported with its number) is IMPORTED without processing', async () => {
    // Prepare
    const { send, sent } = sender({
      stage: {
        status: 409,
        body: { code: 'account_import_process_already_imported', service_account_number: 'A-9' },
      },
    });
    // Act
    const { result } = await loadLine(send, parseLine(JSON.stringify(accountPayload()), 1), 'ACME');
    // Assess
    expect(sent.map(({ step }) => step)).toEqual(['stage']);
    expect(result).toMatchObject({ status: 'IMPORTED', service_account_number: 'A-9', errors: [] });
  });

  it.each(['stage', 'process'])(
    'a %s refused (4xx) ends the line FAILED with the route’s errors, final',
    async (step) => {
      // Prepare
      const refusal = {
        status: 400,
        body: {
          code: 'account_failed_validation',
          detail: 'x',
          errors: [{ code: 'required', attr: 'customers', detail: 'y' }],
        },
      };
      const { send, sent } = sender({ [step]: refusal });
      // Act
      const { result, final } = await loadLine(send, parseLine(JSON.stringify(accountPayload()), 1), 'ACME');
      // Assess
      expect(sent.at(-1)?.step).toBe(step);
      expect(final).toBe(true);
      expect(result).toMatchObject({
        status: 'FAILED',
        errors: [{ step, code: 'required', attr: 'customers', detail: 'y' }],
      });
    },
  );

  it('a step the journal holds for the line is not sent again; a transient failure is not recorded and leaves the line not final', async () => {
    // Prepare
    const input = parseLine(JSON.stringify(accountPayload()), 1);
    const recorded = new Map<string, StepEntry>([
      ['stage', { line: 1, hash: input.hash, step: 'stage', ok: true }],
    ]);
    const written: StepEntry[] = [];
    const { send, sent } = sender({ process: { status: 503, body: { code: 'service_unavailable' } } });
    // Act
    const { result, final } = await loadLine(send, input, 'ACME', {
      steps: { recorded, record: (entry) => written.push(entry) },
    });
    // Assess
    expect(sent.map(({ step }) => step)).toEqual(['process']);
    expect(written).toEqual([]);
    expect(final).toBe(false);
    expect(result).toMatchObject({
      status: 'FAILED',
      errors: [{ step: 'process', code: 'service_unavailable' }],
    });
  });
});
