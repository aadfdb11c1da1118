import { describe, expect, it } from 'vitest';
import { validateEvent } from '../../functions/events/validate-event.js';
import { ledgerEntry } from './support/samples.js';

const detail = {
  event_type: 'billing.ledger.entry_posted',
  version: 'v2',
  event_id: '0b5e7c1e-51f5-4a0c-9d4a-3f1d2f0d9c11',
  occurred_at: '2024-05-01T10:00:00Z',
  payload: {
    ledger: { account: { number: 'A-0000ABCD' }, number: 'L-1' },
    entry: ledgerEntry(),
  },
};

describe('validateEvent checks the envelope and the payload against the whole catalogue', () => {
  it('accepts a valid detail and narrows it to its catalogue type', () => {
    // Act
    const result = validateEvent(structuredClone(detail));
    // Assess
    expect(result.valid).toBe(true);
    if (
      result.valid &&
      result.detail.event_type === 'billing.ledger.entry_posted' &&
      result.detail.version === 'v2'
    ) {
      expect(result.detail.payload.entry.is_charge).toBe(true);
    }
  });

  it('accepts events of the catalogue that this service does not emit', () => {
    expect(
      validateEvent({
        ...detail,
        event_type: 'lifecycle.support-site.sale',
        version: '1.0.0',
        payload: { support_user_id: 'u', supply_start_date: 'd', trigger_action: 't' },
      }),
    ).toEqual({ valid: true, detail: expect.anything() });
  });

  it.each(['event_type', 'version', 'event_id', 'occurred_at', 'payload'])(
    'rejects a detail without %s',
    (field) => {
      // Prepare
      const broken: Record<string, unknown> = structuredClone(detail);
      delete broken[field];
      // Act / Assess
      expect(validateEvent(broken)).toEqual({
        valid: false,
        errors: [{ path: field, message: expect.any(String) }],
      });
    },
  );

  it('rejects an undocumented envelope field and a non-timestamp occurred_at', () => {
    expect(validateEvent({ ...detail, extra: 1 })).toMatchObject({
      valid: false,
      errors: [{ path: 'extra' }],
    });
    expect(validateEvent({ ...detail, occurred_at: 'yesterday' })).toMatchObject({
      valid: false,
      errors: [{ path: 'occurred_at' }],
    });
    expect(validateEvent('not a detail')).toMatchObject({ valid: false });
  });

  it('rejects an unknown (type, version) pair', () => {
    expect(validateEvent({ ...detail, version: 'v9' })).toEqual({
      valid: false,
      errors: [{ path: 'event_type', message: 'unknown event billing.ledger.entry_posted@v9' }],
    });
  });

  it('reports payload errors by dot path', () => {
    // Prepare
    const broken = structuredClone(detail);
    (broken.payload.entry as Record<string, unknown>).is_charge = 'yes';
    delete (broken.payload.ledger.account as Record<string, unknown>).number;
    // Act
    const result = validateEvent(broken);
    // Assess
    expect(result).toMatchObject({ valid: false });
    expect(result.valid ? [] : result.errors.map((error) => error.path).sort()).toEqual([
      'payload.entry.is_charge',
      'payload.ledger.account.number',
    ]);
  });
});
