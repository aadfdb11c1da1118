import { describe, expect, it } from 'vitest';
import type { EventDetail } from '../../functions/events/outbox.js';
import { validateEvent } from '../../functions/events/validate-event.js';
import {
  accountCreationEvents,
  creationIdCount,
  userIds,
  userNumber,
} from '../../functions/rules/account/creation-events/index.js';
import { creationContext, minimalAccount } from './support/creation.js';

/** An account holding one or more of every kind creation emits an event for. */
const fullAccount = () =>
  minimalAccount({
    account_type: 'BUSINESS',
    business: { company_name: 'Dyke Road Ltd', business_type: 'LTD' },
    customers: [
      {
        email: 'ada@example.com',
        account_roles: ['ADMIN'],
        consents: [{ type: 'MARKETING_EMAIL', value: 'ACCEPTED' }],
        psr: [{ elec_industry_code: '14', gas_industry_code: '14', description: 'Pensionable age' }],
        metadata: [
          { key: 'crm_tier', value: 'gold' },
          { key: 'flags', value: { vip: true, since: 2021 } },
        ],
      },
      { given_name: 'Bob', psr: [{ elec_industry_code: '19' }], metadata: [{ key: 'visits', value: 3 }] },
    ],
    consents: [{ type: 'SMART_METER_DATA_DAILY', value: 'REJECTED', signed_at: '2024-01-02T03:04:05Z' }],
    metadata: [
      { key: 'segment', value: 'B' },
      { key: 'legacy', value: [1, 'two'] },
    ],
    supply_addresses: [
      {
        meter_points: [
          {
            supply_type: 'ELECTRICITY',
            identifier: '1200023456789',
            agreements: [
              {
                effective_from: '2023-01-01',
                tariff_code: 'E-FIX-12M',
                business_contract_identifier: 'BC-1',
              },
              { effective_from: '2024-01-01', tariff_code: 'E-FIX-24M' },
            ],
          },
          {
            supply_type: 'GAS',
            identifier: '1234567890',
            agreements: [{ effective_from: '2023-01-01', tariff_code: 'G-1' }],
          },
        ],
      },
    ],
    account_campaigns: [{ slug: 'smart_incentive', expiry_date: '2025-01-01' }],
    debts: [
      {
        agency_name: 'Debt R Us',
        campaign: 'Q3',
        aged_debt: [{ debt_amount: '123.45' }, { debt_amount: '10.05' }],
      },
      { cais_reference: 'CAIS-1' },
    ],
    debt: { agency_name: 'Old Agency' },
    deposit_agreements: [{ deposit_amount: '1500.005', reason: 'Credit check' }],
  });

const ofType = (events: readonly EventDetail[], type: string) =>
  events
    .filter((event) => event.event_type === type)
    .map((event) => event.payload as Record<string, unknown>);

/** Every service-allocated integer id the events carry, one per entity (users, business, …). */
function allocatedIds(events: readonly EventDetail[]): number[] {
  return [
    ...ofType(events, 'account_user.created').map((payload) => payload.user_id),
    ...ofType(events, 'business.created').map((payload) => payload.id),
    ...ofType(events, 'consents.consent.created').map((payload) => (payload.consent as { id: number }).id),
    ...ofType(events, 'agreement.created').map((payload) => payload.agreement_id),
    ...ofType(events, 'collection_proceeding.created').map((payload) => payload.id),
  ] as number[];
}

describe('Creation is deterministic: the same account, number and firstId give the same events in the same order', () => {
  it('two builds of the same account and context are equal, event ids and times included', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const first = accountCreationEvents(account, creationContext(account));
    const second = accountCreationEvents(structuredClone(account), creationContext(account));
    // Assess
    expect(second).toEqual(first);
    expect(first.length).toBe(21);
  });

  it('every event has its own UUID, and another account number gives other ids', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const events = accountCreationEvents(account, creationContext(account));
    const other = accountCreationEvents(
      account,
      creationContext(account, { serviceAccountNumber: 'A-00C0FFEF' }),
    );
    // Assess
    const ids = events.map((event) => event.event_id);
    expect(new Set(ids).size).toBe(events.length);
    expect(
      ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)),
    ).toBe(true);
    expect(other.map((event) => event.event_id).filter((id) => ids.includes(id))).toEqual([]);
  });

  it('every event occurs at the creation time, in UTC without fractions', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const events = accountCreationEvents(account, creationContext(account));
    // Assess
    expect(new Set(events.map((event) => event.occurred_at))).toEqual(new Set(['2026-11-28T10:15:30Z']));
  });
});

describe('Integer ids come from one block per account: unique, within [firstId, firstId + creationIdCount)', () => {
  it('the ids the events carry are exactly the block, each given once', () => {
    // Prepare
    const account = fullAccount();
    const count = creationIdCount(account);
    // Act
    const ids = allocatedIds(accountCreationEvents(account, creationContext(account, { firstId: 41 })));
    // Assess
    expect(count).toBe(2 + 1 + 2 + 3 + 2);
    expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, index) => 41 + index));
  });

  it('ids are given in the documented order: users, business, consents, agreements, collection proceedings', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const ids = allocatedIds(accountCreationEvents(account, creationContext(account, { firstId: 1 })));
    // Assess
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('userIds gives customers[i] the id its account_user.created carries, and its events use it', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const ids = userIds(account, 500);
    const events = accountCreationEvents(account, creationContext(account, { firstId: 500 }));
    // Assess
    expect(ids).toEqual([500, 501]);
    expect(ofType(events, 'account_user.created').map((payload) => payload.user_id)).toEqual(ids);
    expect(ofType(events, 'account_user.psr_records_updated').map((payload) => payload.user_id)).toEqual(ids);
    expect(ofType(events, 'account_user_metadata.created').map((payload) => payload.user_id)).toEqual([
      500, 500, 501,
    ]);
  });

  it('an account with nothing to number needs no ids', () => {
    expect(creationIdCount(minimalAccount())).toBe(0);
    expect(userIds(minimalAccount(), 7)).toEqual([]);
  });

  it('a firstId that is not a positive safe integer is refused', () => {
    // Prepare
    const account = fullAccount();
    // Act / Assess
    for (const firstId of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER]) {
      expect(() => accountCreationEvents(account, creationContext(account, { firstId }))).toThrow(RangeError);
    }
  });
});

describe('account_user.created per user: the service gives each user an id and a user number', () => {
  it('a user carries its e-mail (empty when it has none), number, account and identifiers', () => {
    // Prepare
    const account = minimalAccount({
      customers: [
        {
          email: 'ada@example.com',
          account_roles: ['ADMIN'],
          user_details: [{ namespace: 'external_user_id', value: 'U-9' }],
        },
        { given_name: 'Bob' },
      ],
    });
    // Act
    const users = ofType(
      accountCreationEvents(account, creationContext(account, { firstId: 42 })),
      'account_user.created',
    );
    // Assess
    expect(users).toEqual([
      {
        user_id: 42,
        user_email: 'ada@example.com',
        user_number: 'U-0000002A',
        linked_accounts: [{ account_number: 'A-00C0FFEE', roles: ['ADMIN'] }],
        user_identifiers: { external_user_id: 'U-9' },
        initiator_type: 'DATA_IMPORT',
        is_customer_initiated: false,
      },
      {
        user_id: 43,
        user_email: '',
        user_number: 'U-0000002B',
        linked_accounts: [{ account_number: 'A-00C0FFEE', roles: [] }],
        initiator_type: 'DATA_IMPORT',
        is_customer_initiated: false,
      },
    ]);
  });

  it('a user number is U- and the id in upper-case hexadecimal, at least 8 digits', () => {
    expect([userNumber(1), userNumber(0xabcdef12), userNumber(0x1_0000_0000)]).toEqual([
      'U-00000001',
      'U-ABCDEF12',
      'U-100000000',
    ]);
  });
});

describe('account_user.psr_records_updated per user with priority services register records', () => {
  it('lists the user’s records as created (a missing code or description empty), none updated or deleted', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const psr = ofType(
      accountCreationEvents(account, creationContext(account, { firstId: 1 })),
      'account_user.psr_records_updated',
    );
    // Assess
    expect(psr).toEqual([
      {
        user_id: 1,
        created_records: [
          { description: 'Pensionable age', electricity_industry_code: '14', gas_industry_code: '14' },
        ],
        updated_records: [],
        deleted_records: [],
      },
      {
        user_id: 2,
        created_records: [{ description: '', electricity_industry_code: '19', gas_industry_code: '' }],
        updated_records: [],
        deleted_records: [],
      },
    ]);
  });

  it('a user without PSR records gets no such event', () => {
    // Prepare
    const account = minimalAccount({
      customers: [{ email: 'a@example.com', psr: [] }, { email: 'b@example.com' }],
    });
    // Act / Assess
    expect(
      ofType(accountCreationEvents(account, creationContext(account)), 'account_user.psr_records_updated'),
    ).toEqual([]);
  });
});

describe('Metadata: one event per item, a non-string value serialised as JSON text', () => {
  it('account_metadata.created carries a string as sent and anything else as JSON text', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const metadata = ofType(
      accountCreationEvents(account, creationContext(account)),
      'account_metadata.created',
    );
    // Assess
    expect(metadata).toEqual([
      { account_number: 'A-00C0FFEE', key: 'segment', value: 'B' },
      { account_number: 'A-00C0FFEE', key: 'legacy', value: '[1,"two"]' },
    ]);
  });

  it('account_user_metadata.created names the user by id, and a number or object arrives as JSON text', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const metadata = ofType(
      accountCreationEvents(account, creationContext(account, { firstId: 1 })),
      'account_user_metadata.created',
    );
    // Assess
    expect(metadata).toEqual([
      { user_id: 1, key: 'crm_tier', value: 'gold' },
      { user_id: 1, key: 'flags', value: '{"vip":true,"since":2021}' },
      { user_id: 2, key: 'visits', value: '3' },
    ]);
  });
});

describe('consents.consent.created per consent, signed by the account or by its user', () => {
  it('the account’s consents are signed by the account, a user’s by the user number; no date means the creation time', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const consents = ofType(
      accountCreationEvents(account, creationContext(account, { firstId: 1 })),
      'consents.consent.created',
    );
    // Assess
    expect(consents).toEqual([
      {
        signing_identity: { identity_type: 'ACCOUNT', identity: 'A-00C0FFEE' },
        consent: {
          id: 4,
          consent_type_code: 'SMART_METER_DATA_DAILY',
          value: 'REJECTED',
          signed_at: '2024-01-02T03:04:05Z',
        },
      },
      {
        signing_identity: { identity_type: 'ACCOUNT_USER', identity: 'U-00000001' },
        consent: {
          id: 5,
          consent_type_code: 'MARKETING_EMAIL',
          value: 'ACCEPTED',
          signed_at: '2026-11-28T10:15:30Z',
        },
      },
    ]);
  });
});

describe('agreement.created per agreement of every meter point', () => {
  it('valid_from is effective_from, product_code the tariff code, the business contract when sent', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const agreements = ofType(
      accountCreationEvents(account, creationContext(account, { firstId: 1 })),
      'agreement.created',
    );
    // Assess
    expect(agreements).toEqual([
      {
        agreement_id: 6,
        account_number: 'A-00C0FFEE',
        valid_from: '2023-01-01',
        product_code: 'E-FIX-12M',
        business_contract_identifier: 'BC-1',
      },
      { agreement_id: 7, account_number: 'A-00C0FFEE', valid_from: '2024-01-01', product_code: 'E-FIX-24M' },
      { agreement_id: 8, account_number: 'A-00C0FFEE', valid_from: '2023-01-01', product_code: 'G-1' },
    ]);
  });
});

describe('business.created for an account with business details', () => {
  it('a business account emits one business.created with the business’s id', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const businesses = ofType(
      accountCreationEvents(account, creationContext(account, { firstId: 1 })),
      'business.created',
    );
    // Assess
    expect(businesses).toEqual([{ id: 3 }]);
  });

  it('a domestic account emits no business.created and numbers no business', () => {
    // Prepare
    const account = minimalAccount({ customers: [{ email: 'a@example.com' }] });
    // Act
    const events = accountCreationEvents(account, creationContext(account));
    // Assess
    expect(ofType(events, 'business.created')).toEqual([]);
    expect(creationIdCount(account)).toBe(1);
  });
});

describe('campaign_account.added per campaign', () => {
  it('a campaign sent by slug is named by its slug; its expiry is the account’s expiry on it', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const campaigns = ofType(
      accountCreationEvents(account, creationContext(account)),
      'campaign_account.added',
    );
    // Assess
    expect(campaigns).toEqual([
      {
        account_number: 'A-00C0FFEE',
        campaign_name: 'smart_incentive',
        campaign_slug: 'smart_incentive',
        campaign_account_expiry_date: '2025-01-01',
      },
    ]);
  });

  it('a campaign sent by name carries that name', () => {
    // Prepare
    const account = minimalAccount({ account_campaigns: [{ campaign_name: 'Abusive Customer' }] });
    // Act / Assess
    expect(
      ofType(accountCreationEvents(account, creationContext(account)), 'campaign_account.added'),
    ).toEqual([{ account_number: 'A-00C0FFEE', campaign_name: 'Abusive Customer' }]);
  });
});

describe('collection_proceeding.created per debt placed with an agency', () => {
  it('only debts with an agency, the deprecated single debt too; the amount is the aged debt in pence', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const proceedings = ofType(
      accountCreationEvents(account, creationContext(account, { firstId: 1 })),
      'collection_proceeding.created',
    );
    // Assess
    expect(proceedings).toEqual([
      {
        id: 9,
        account_number: 'A-00C0FFEE',
        amount: 13350,
        campaign: 'Q3',
        is_white_label: false,
        agency_code: 'Debt R Us',
      },
      { id: 10, account_number: 'A-00C0FFEE', is_white_label: false, agency_code: 'Old Agency' },
    ]);
  });
});

describe('deposit_agreement.accepted per deposit agreement', () => {
  it('keyed by account and position, in pence on the account’s ledger, accepted at creation when undated', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const deposits = ofType(
      accountCreationEvents(account, creationContext(account)),
      'deposit_agreement.accepted',
    );
    // Assess
    expect(deposits).toEqual([
      {
        deposit_key: 'DEP-00C0FFEE-1',
        reason: 'Credit check',
        amount: 150001,
        account_number: 'A-00C0FFEE',
        ledger_identifier: 'L-00C0FFEE',
        accepted_at: '2026-11-28T10:15:30Z',
      },
    ]);
  });
});

describe('Every event of an account holding every kind is valid against the catalogue', () => {
  it('the full account’s 21 events pass validateEvent, in the documented order', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const events = accountCreationEvents(account, creationContext(account));
    // Assess
    expect(events.filter((event) => !validateEvent(event).valid)).toEqual([]);
    expect(events.map((event) => event.event_type)).toEqual([
      'account.created',
      'account_user.created',
      'account_user.psr_records_updated',
      'account_user_metadata.created',
      'account_user_metadata.created',
      'account_user.created',
      'account_user.psr_records_updated',
      'account_user_metadata.created',
      'business.created',
      'account_metadata.created',
      'account_metadata.created',
      'consents.consent.created',
      'consents.consent.created',
      'agreement.created',
      'agreement.created',
      'agreement.created',
      'campaign_account.added',
      'collection_proceeding.created',
      'collection_proceeding.created',
      'deposit_agreement.accepted',
      'data_import.import_process.complete',
    ]);
  });
});
