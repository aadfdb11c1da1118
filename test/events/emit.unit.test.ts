import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emit, InvalidEventPayloadError, UnknownEventError } from '../../functions/events/emit.js';
import { validateEvent } from '../../functions/events/validate-event.js';
import { projectRoot } from '../../schemas/project-root.js';

const entry = {
  id: 7,
  is_charge: true,
  is_credit: false,
  is_payment: false,
  is_repayment: false,
  is_reversal: false,
  is_reversed: false,
};

describe('emit builds the outbox event of a known pair with a valid payload', () => {
  it('returns the EventBridge detail {event_type, version, event_id, occurred_at, payload}', () => {
    // Act
    const detail = emit('account.created', 'v1', {
      account_number: 'A-0000ABCD',
      account_user_emails: ['ada@example.com'],
      is_imported: true,
    });
    // Assess
    expect(detail).toEqual({
      event_type: 'account.created',
      version: 'v1',
      event_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      payload: { account_number: 'A-0000ABCD', account_user_emails: ['ada@example.com'], is_imported: true },
    });
    expect(validateEvent(detail)).toMatchObject({ valid: true });
  });

  it('accepts every event this service emits', () => {
    // Act
    const details = [
      emit('data_import.import_process.dry_run_complete', 'v1', {
        resource_type: 'ACCOUNT',
        external_identifier: 'E1',
      }),
      emit('data_import.import_process.dry_run_error', 'v1', {
        resource_type: 'ACCOUNT',
        external_identifier: 'E1',
        error_code: 'account_failed_validation',
        error_detail: 'Invalid',
      }),
      emit('data_import.import_process.complete', 'v1', {
        resource_type: 'ACCOUNT',
        external_identifier: 'E1',
        identifier: 'A-0000ABCD',
      }),
      emit('data_import.import_process.error', 'v1', {
        resource_type: 'ACCOUNT',
        external_identifier: 'E1',
        error_code: 'x',
        error_detail: 'y',
      }),
      emit('data_import.import_process.cancelled', 'v1', {
        resource_type: 'ACCOUNT',
        external_identifier: 'E1',
        expiry_window_end: '2024-01-31T00:00:00Z',
      }),
      emit('data_import.import_process.post_import.completed', 'v1', {
        resource_type: 'NOTE',
        import_process_resource_type: 'ACCOUNT',
        import_process_external_identifier: 'E1',
        identifier: 'N-1',
      }),
      emit('data_import.import_process.post_import.error', 'v1', {
        resource_type: 'PAYMENT_INSTRUCTION',
        import_process_resource_type: 'ACCOUNT',
        import_process_external_identifier: 'E1',
        error_code: 'vendor_error',
        error_detail: 'The vendor failed',
      }),
      emit('billing.ledger.entry_posted', 'v2', {
        ledger: { account: { number: 'A-0000ABCD' }, number: 'L-1' },
        entry,
      }),
    ];
    // Assess
    expect(details.map((detail) => validateEvent(detail).valid)).toEqual(details.map(() => true));
  });
});

describe('emit throws on an unknown pair: a bug fails loudly', () => {
  it('rejects a type that is not in the catalogue', () => {
    // Act / Assess
    // @ts-expect-error not a known event type
    expect(() => emit('account.invented', 'v1', {})).toThrow(UnknownEventError);
  });

  it('rejects a known type with a version that does not exist', () => {
    // @ts-expect-error account.created has no v2
    expect(() => emit('account.created', 'v2', { account_number: 'A', account_user_emails: [] })).toThrow(
      UnknownEventError,
    );
  });

  it('rejects a catalogue event this service does not emit', () => {
    const payload = { ledger: { account: { number: 'A' }, number: 'L' } };
    // @ts-expect-error billing.ledger.entry_posted v1 is in the catalogue but not emitted here
    expect(() => emit('billing.ledger.entry_posted', 'v1', payload)).toThrow(UnknownEventError);
  });

  it('does not look names up on the prototype', () => {
    // @ts-expect-error not an event
    expect(() => emit('constructor', '', {})).toThrow(UnknownEventError);
  });
});

describe('emit throws on a payload that fails its schema, naming fields but never values', () => {
  it('rejects a missing required field', () => {
    // @ts-expect-error account_user_emails is required
    expect(() => emit('account.created', 'v1', { account_number: 'A-1' })).toThrow(InvalidEventPayloadError);
  });

  it('rejects a field of the wrong type, also inside a structure', () => {
    const payload = {
      ledger: { account: { number: 'A' }, number: 'L' },
      entry: { ...entry, is_charge: 'secret-value' },
    };
    // @ts-expect-error is_charge is a boolean
    const act = () => emit('billing.ledger.entry_posted', 'v2', payload);
    expect(act).toThrow(InvalidEventPayloadError);
    expect(act).toThrow(/\/entry\/is_charge must be boolean/);
    expect(act).not.toThrow(/secret-value/);
  });

  it('rejects an undocumented property', () => {
    const payload = { account_number: 'A-1', account_user_emails: [], extra: 'x' };
    // Act / Assess (a variable holding extra properties passes the compiler; the validator stops it)
    expect(() => emit('account.created', 'v1', payload)).toThrow(/must NOT have additional properties/);
  });

  it('rejects values the compiler cannot see, such as a fractional integer', () => {
    expect(() =>
      emit('billing.ledger.entry_posted', 'v2', {
        ledger: { account: { number: 'A' }, number: 'L' },
        entry: { ...entry, id: 1.5 },
      }),
    ).toThrow(/\/entry\/id must be integer/);
  });
});

describe('emit is the only way handlers and domain code build outbox events', () => {
  function sourceFiles(dir: string): string[] {
    return readdirSync(path.join(projectRoot, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(relative);
      return entry.name.endsWith('.ts') ? [relative] : [];
    });
  }

  it('finds no newEventDetail call and no hand-built event detail (event_id) outside functions/events/', () => {
    // Prepare
    const files = sourceFiles('functions').filter((file) => !file.startsWith('functions/events/'));
    // Act
    const offenders = files.filter((file) => {
      const source = readFileSync(path.join(projectRoot, file), 'utf8');
      return /\bnewEventDetail\s*\(/.test(source) || /\bevent_id\s*:/.test(source);
    });
    // Assess
    expect(files.length).toBeGreaterThan(0);
    expect(offenders).toEqual([]);
  });
});
