import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../infra/local/eventbridge-local.js';
import { inboundEventLine } from '../../infra/local/inbound-event-line.js';

const envelope: EventEnvelope = {
  version: '0',
  id: 'envelope-1',
  'detail-type': 'lifecycle.join-supplier.completed@v1',
  source: 'platform.lifecycle',
  account: '000000000000',
  time: '2026-06-15T12:00:00Z',
  region: 'eu-west-2',
  resources: [],
  detail: { event_id: 'e-1', payload: {} },
};

describe('Rule: an event the local bus hands to the service says in one line of the runtime’s output what became of it', () => {
  it('names a dropped event, its type and source, and why it was dropped', () => {
    // Act
    const line = inboundEventLine(envelope, {
      result: 'dropped',
      meterPoints: [],
      reason: 'no meter point of it (1234567890126) belongs to account A-1F2E3D4C',
    });
    // Assess
    expect(line).toBe(
      'inbound event e-1 (lifecycle.join-supplier.completed@v1 from platform.lifecycle) dropped: ' +
        'no meter point of it (1234567890126) belongs to account A-1F2E3D4C',
    );
  });

  it('lists what an applied event changed, meter point by meter point', () => {
    // Act
    const line = inboundEventLine(envelope, {
      result: 'applied',
      meterPoints: [
        { mpxn: '1234567890126', outcome: 'updated', status: 'ON_SUPPLY' },
        { mpxn: '7654321', outcome: 'unchanged', status: 'ON_SUPPLY' },
        { mpxn: '2000000000000', outcome: 'unknown_meter_point' },
      ],
    });
    // Assess
    expect(line).toContain(
      'applied: 1234567890126 → ON_SUPPLY, 7654321 stays ON_SUPPLY, 2000000000000 is not',
    );
  });

  it('falls back to the envelope id when the detail carries no event_id', () => {
    // Act
    const line = inboundEventLine({ ...envelope, detail: {} }, { result: 'ignored', reason: 'own source' });
    // Assess
    expect(line).toMatch(/^inbound event envelope-1 .* ignored: own source$/);
  });
});
