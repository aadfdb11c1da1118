import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emit, InvalidEventPayloadError } from '../../functions/events/emit.js';
import * as emittedEvents from '../../functions/events/generated/emitted-validators.js';
import {
  accountCreatedV1,
  billingLedgerEntryPostedV2,
  dataImportImportProcessCancelledV1,
  dataImportImportProcessCompleteV1,
  dataImportImportProcessDryRunCompleteV1,
  dataImportImportProcessDryRunErrorV1,
  dataImportImportProcessErrorV1,
  dataImportImportProcessPostImportCompletedV1,
  dataImportImportProcessPostImportErrorV1,
} from '../../functions/events/generated/emitted-validators.js';
import { validateEvent } from '../../functions/events/validate-event.js';
import { isEmittedByThisService, keyOf } from '../../schemas/build/events-catalogue.js';
import { eventExportName } from '../../schemas/build/events-validators.js';
import { catalogue } from '../../schemas/catalogue/index.js';
import { projectRoot } from '../../schemas/project-root.js';
import { ledgerEntry } from './support/samples.js';

const entry = ledgerEntry(7);

describe('emit builds the outbox event of a known pair with a valid payload', () => {
  it('returns the EventBridge detail {event_type, version, event_id, occurred_at, payload}', () => {
    // Act
    const detail = emit(accountCreatedV1, {
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
      emit(dataImportImportProcessDryRunCompleteV1, {
        resource_type: 'ACCOUNT',
        external_identifier: 'E1',
      }),
      emit(dataImportImportProcessDryRunErrorV1, {
        resource_type: 'ACCOUNT',
        external_identifier: 'E1',
        error_code: 'account_failed_validation',
        error_detail: 'Invalid',
      }),
      emit(dataImportImportProcessCompleteV1, {
        resource_type: 'ACCOUNT',
        external_identifier: 'E1',
        identifier: 'A-0000ABCD',
      }),
      emit(dataImportImportProcessErrorV1, {
        resource_type: 'ACCOUNT',
        external_identifier: 'E1',
        error_code: 'x',
        error_detail: 'y',
      }),
      emit(dataImportImportProcessCancelledV1, {
        resource_type: 'ACCOUNT',
        external_identifier: 'E1',
        expiry_window_end: '2024-01-31T00:00:00Z',
      }),
      emit(dataImportImportProcessPostImportCompletedV1, {
        resource_type: 'NOTE',
        import_process_resource_type: 'ACCOUNT',
        import_process_external_identifier: 'E1',
        identifier: 'N-1',
      }),
      emit(dataImportImportProcessPostImportErrorV1, {
        resource_type: 'PAYMENT_INSTRUCTION',
        import_process_resource_type: 'ACCOUNT',
        import_process_external_identifier: 'E1',
        error_code: 'vendor_error',
        error_detail: 'The vendor failed',
      }),
      emit(billingLedgerEntryPostedV2, {
        ledger: { account: { number: 'A-0000ABCD' }, number: 'L-1' },
        entry,
      }),
    ];
    // Assess
    expect(details.map((detail) => validateEvent(detail).valid)).toEqual(details.map(() => true));
  });
});

describe('emit takes only the events this service emits: any other is a compile error', () => {
  it('has one descriptor per emitted catalogue pair, named by its type and version', () => {
    // Prepare
    const emitted = catalogue.events.filter(isEmittedByThisService);
    // Act
    const { validators } = emittedEvents;
    const descriptors = Object.entries(emittedEvents).flatMap(([name, value]) =>
      typeof value === 'object' && 'eventType' in value ? [[name, value] as const] : [],
    );
    // Assess
    expect(emitted.length).toBeGreaterThan(0);
    expect(
      Object.fromEntries(descriptors.map(([name, event]) => [name, `${event.eventType}@${event.version}`])),
    ).toEqual(Object.fromEntries(emitted.map((event) => [eventExportName(event), keyOf(event)])));
    expect(descriptors.map(([, event]) => event.validate)).toEqual(
      emitted.map((event) => validators[keyOf(event) as keyof typeof validators]),
    );
  });

  it('does not accept a payload of another event', () => {
    // @ts-expect-error the payload of account.created is not one of billing.ledger.entry_posted
    expect(() => emit(billingLedgerEntryPostedV2, { account_number: 'A', account_user_emails: [] })).toThrow(
      InvalidEventPayloadError,
    );
  });
});

describe('emit throws on a payload that fails its schema, naming fields but never values', () => {
  it('rejects a missing required field', () => {
    // @ts-expect-error account_user_emails is required
    expect(() => emit(accountCreatedV1, { account_number: 'A-1' })).toThrow(InvalidEventPayloadError);
  });

  it('rejects a field of the wrong type, also inside a structure', () => {
    const payload = {
      ledger: { account: { number: 'A' }, number: 'L' },
      entry: { ...entry, is_charge: 'secret-value' },
    };
    // @ts-expect-error is_charge is a boolean
    const act = () => emit(billingLedgerEntryPostedV2, payload);
    expect(act).toThrow(InvalidEventPayloadError);
    expect(act).toThrow(/\/entry\/is_charge must be boolean/);
    expect(act).not.toThrow(/secret-value/);
  });

  it('rejects an undocumented property', () => {
    const payload = { account_number: 'A-1', account_user_emails: [], extra: 'x' };
    // Act / Assess (a variable holding extra properties passes the compiler; the validator stops it)
    expect(() => emit(accountCreatedV1, payload)).toThrow(/must NOT have additional properties/);
  });

  it('rejects values the compiler cannot see, such as a fractional integer', () => {
    expect(() =>
      emit(billingLedgerEntryPostedV2, {
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
