import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../schemas/project-root.js';

/** Spot checks of the generated schemas against the spec's shorthand, field by field. */

type Schema = { properties: Record<string, { type?: string; $ref?: string }>; required?: string[] };
const schemaOf = (type: string, version: string): Schema =>
  JSON.parse(
    readFileSync(path.join(projectRoot, `schemas/events/${type}/${version}.json`), 'utf8'),
  ) as Schema;
const fieldsOf = (type: string, version: string) => Object.keys(schemaOf(type, version).properties);
const requiredOf = (type: string, version: string) => schemaOf(type, version).required ?? [];

const INK_BASE = [
  'conversation_id',
  'conversation_relay_id',
  'account_number',
  'latest_contacted_account_user_number',
  'support_user_id',
  'actor_type',
  'actor_id',
  'organisation_id',
];

describe('"the accepted fields with X in place of accepted_at" swaps only that field', () => {
  it.each([
    ['deposit_agreement.fulfilled', 'fulfilled_at'],
    ['deposit_agreement.returned', 'returned_at'],
    ['deposit_agreement.withdrawn', 'withdrawn_at'],
  ])('%s v1 has %s and no accepted_at', (type, field) => {
    // Assess
    const expected = ['deposit_key', 'reason', 'amount', 'account_number', 'ledger_identifier', field];
    expect(fieldsOf(type, 'v1')).toEqual(expected);
    expect(requiredOf(type, 'v1')).toEqual(expected);
    expect(fieldsOf(type, 'v1')).not.toContain('accepted_at');
  });
});

describe('"vN fields plus …" is the earlier version plus the listed fields', () => {
  it('lifecycle.leave-supplier.requested v3 = v2 + leave_supplier_process_number (required)', () => {
    // Assess
    expect(fieldsOf('lifecycle.leave-supplier.requested', 'v3')).toEqual([
      ...fieldsOf('lifecycle.leave-supplier.requested', 'v2'),
      'leave_supplier_process_number',
    ]);
    expect(requiredOf('lifecycle.leave-supplier.requested', 'v3')).toContain('leave_supplier_process_number');
    expect(fieldsOf('lifecycle.leave-supplier.requested', 'v2')).not.toContain(
      'leave_supplier_process_number',
    );
  });

  it('lifecycle.leave-supplier.updated v3 = v2 + leave_supplier_process_number', () => {
    expect(fieldsOf('lifecycle.leave-supplier.updated', 'v3')).toEqual([
      ...fieldsOf('lifecycle.leave-supplier.updated', 'v2'),
      'leave_supplier_process_number',
    ]);
  });

  it('billing.billing_document_representation.dispatched v2 = v1 + two ids, v3 = v2 + support_user_id', () => {
    const type = 'billing.billing_document_representation.dispatched';
    expect(fieldsOf(type, 'v2')).toEqual([
      ...fieldsOf(type, 'v1'),
      'billing_document_representation_dispatch_id',
      'billing_document_representations_id',
    ]);
    expect(schemaOf(type, 'v2').properties.billing_document_representations_id).toEqual({
      type: 'array',
      items: { type: 'integer' },
    });
    expect(fieldsOf(type, 'v3')).toEqual([...fieldsOf(type, 'v2'), 'support_user_id']);
  });

  it('delinquent_debt.position_changed v2 and both resolution_cancelled v2 add one field to v1', () => {
    expect(fieldsOf('delinquent_debt.position_changed', 'v2')).toEqual([
      ...fieldsOf('delinquent_debt.position_changed', 'v1'),
      'account_number',
    ]);
    for (const type of [
      'meter_data_quality.resolution_cancelled',
      'industry.aus.meter_data_quality.resolution_cancelled',
    ]) {
      expect(fieldsOf(type, 'v2')).toEqual([...fieldsOf(type, 'v1'), 'source']);
    }
  });
});

describe('ink conversation events are the base fields plus the listed ones', () => {
  it('ink.conversation.closed = base fields + closed_at, reason', () => {
    expect(fieldsOf('ink.conversation.closed', 'v1')).toEqual([...INK_BASE, 'closed_at', 'reason']);
    expect(requiredOf('ink.conversation.closed', 'v1')).toEqual([...INK_BASE, 'closed_at', 'reason']);
  });

  it('await_customer_reply and opened are exactly the base fields; snoozed and open_status_changed add two', () => {
    expect(fieldsOf('ink.conversation.await_customer_reply', 'v1')).toEqual(INK_BASE);
    expect(fieldsOf('ink.conversation.opened', 'v1')).toEqual(INK_BASE);
    expect(fieldsOf('ink.conversation.snoozed', 'v1')).toEqual([
      ...INK_BASE,
      'snoozed_to',
      'ink_note_relay_id',
    ]);
    expect(fieldsOf('ink.conversation.open_status_changed', 'v1')).toEqual([
      ...INK_BASE,
      'new_status',
      'previous_status',
    ]);
  });
});

describe('"same fields as …" copies the named event', () => {
  it('account_user.removed = account_user.created; account_user.updated adds changes*, is_override', () => {
    const created = fieldsOf('account_user.created', 'v1');
    expect(created).toEqual([
      'user_id',
      'user_email',
      'user_number',
      'linked_accounts',
      'user_identifiers',
      'initiator_type',
      'is_customer_initiated',
    ]);
    expect(schemaOf('account_user.removed', 'v1')).toMatchObject({
      properties: schemaOf('account_user.created', 'v1').properties,
      required: requiredOf('account_user.created', 'v1'),
    });
    expect(fieldsOf('account_user.updated', 'v1')).toEqual([...created, 'changes', 'is_override']);
    expect(requiredOf('account_user.updated', 'v1')).toEqual([
      'user_id',
      'user_email',
      'user_number',
      'linked_accounts',
      'changes',
    ]);
  });

  it('billing.rebate.created/updated/declined = billing.rebate.accepted + their field', () => {
    const accepted = fieldsOf('billing.rebate.accepted', 'v1');
    expect(fieldsOf('billing.rebate.created', 'v1')).toEqual([...accepted, 'is_application_accepted']);
    expect(fieldsOf('billing.rebate.updated', 'v1')).toEqual([...accepted, 'is_application_accepted']);
    expect(fieldsOf('billing.rebate.declined', 'v1')).toEqual([...accepted, 'decline_reason']);
  });

  it('contracts.journeys.termination.started = creation.started', () => {
    expect(schemaOf('contracts.journeys.termination.started', 'v1').properties).toEqual(
      schemaOf('contracts.journeys.creation.started', 'v1').properties,
    );
  });

  it('join-supplier cancelled, reversal-requested and reversed = cancellation-requested', () => {
    const source = fieldsOf('lifecycle.join-supplier.cancellation-requested', 'v1');
    expect(source).toEqual(['account_number', 'join_supplier_process_number', 'subtype', 'supply_points']);
    for (const type of ['cancelled', 'reversal-requested', 'reversed']) {
      expect(fieldsOf(`lifecycle.join-supplier.${type}`, 'v1')).toEqual(source);
    }
  });

  it('leave-supplier cancelled v2 and reversal-requested v2 = cancellation-requested v2', () => {
    const source = fieldsOf('lifecycle.leave-supplier.cancellation-requested', 'v2');
    expect(fieldsOf('lifecycle.leave-supplier.cancelled', 'v2')).toEqual(source);
    expect(fieldsOf('lifecycle.leave-supplier.reversal-requested', 'v2')).toEqual(source);
  });

  it('"same three fields" repeats account_number, the process number and subtype', () => {
    for (const type of ['await-pre-activation-flow-step', 'await-pre-discovery-flow-step']) {
      expect(fieldsOf(`lifecycle.join-supplier.${type}.initiated`, 'v1')).toEqual([
        'account_number',
        'join_supplier_process_number',
        'subtype',
      ]);
    }
    for (const type of ['await-post-termination-flow-step', 'await-pre-termination-flow-step']) {
      expect(fieldsOf(`lifecycle.leave-supplier.${type}.initiated`, 'v1')).toEqual([
        'account_number',
        'leave_supplier_process_number',
        'subtype',
      ]);
    }
  });

  it('the pre-termination supply-point journey event = the pre-agreement-termination event', () => {
    const prefix = 'lifecycle.leave-supplier.supply-point-journey-await-pre';
    expect(schemaOf(`${prefix}-termination-flow-step.initiated`, 'v1')).toMatchObject({
      properties: schemaOf(`${prefix}-agreement-termination-flow-step.initiated`, 'v1').properties,
    });
    expect(fieldsOf(`${prefix}-termination-flow-step.initiated`, 'v1')).toEqual([
      'account_number',
      'leave_supplier_process_number',
      'supply_point',
      'subtype',
    ]);
  });

  it('industry.aus.meter_data_quality.resolution_requested v1 = resolution_cancelled v1 (complete, not cut off)', () => {
    expect(schemaOf('industry.aus.meter_data_quality.resolution_requested', 'v1')).toMatchObject({
      properties: schemaOf('industry.aus.meter_data_quality.resolution_cancelled', 'v1').properties,
      additionalProperties: false,
    });
  });
});

describe('Shared field lists apply to every event they name', () => {
  it('the seven change_metering_coordinator events share five fields', () => {
    const names = [
      'cancelled',
      'completed',
      'objection_raised',
      'pending',
      'pending_validation',
      'rejected',
      'requested',
    ];
    for (const name of names) {
      const type = `industry.aus.electricity.change_metering_coordinator.${name}`;
      expect(fieldsOf(type, 'v1')).toEqual([
        'change_reason_code',
        'change_request_id',
        'context',
        'details',
        'nmi',
      ]);
      expect(requiredOf(type, 'v1')).toEqual(['change_reason_code', 'change_request_id', 'nmi']);
    }
  });

  it('the eight meter_exchange_service_order events share nine fields', () => {
    const names = [
      'accepted',
      'cancelled',
      'completed',
      'disputed',
      'not_completed',
      'partially_completed',
      'rejected',
      'requested',
    ];
    for (const name of names) {
      const type = `industry.aus.electricity.meter_exchange_service_order.${name}`;
      expect(fieldsOf(type, 'v1')).toEqual([
        'nmi',
        'service_order_id',
        'service_order_number',
        'service_order_type',
        'service_order_subtype',
        'status',
        'response_code',
        'details',
        'context',
      ]);
      expect(schemaOf(type, 'v1').properties.context).toEqual({
        $ref: 'https://data-import.example/schemas/events/structures/TransitionContext.json',
      });
    }
  });
});
