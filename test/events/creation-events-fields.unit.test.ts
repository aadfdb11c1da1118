import { describe, expect, it } from 'vitest';
import { withoutNulls } from '../../functions/rules/account/account.js';
import {
  accountCreationEvents,
  creationIdCount,
} from '../../functions/rules/account/creation-events/index.js';
import { creationContext, fullAccount, minimalAccount, ofType } from './support/creation.js';

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

describe('A metadata item sent with a null value arrives as the JSON text null', () => {
  it('null means absent in the normalised account, and the catalogue requires a value: "null"', () => {
    // Prepare
    const account = withoutNulls(minimalAccount({ metadata: [{ key: 'cleared', value: null }] }));
    // Act
    const metadata = ofType(
      accountCreationEvents(account, creationContext(account)),
      'account_metadata.created',
    );
    // Assess
    expect(metadata).toEqual([{ account_number: 'A-00C0FFEE', key: 'cleared', value: 'null' }]);
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
