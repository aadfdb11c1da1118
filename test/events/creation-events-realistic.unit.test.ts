import { describe, expect, it } from 'vitest';
import { validateEvent } from '../../functions/events/validate-event.js';
import { accountCreationEvents } from '../../functions/rules/account/creation-events/index.js';
import {
  countByType,
  creationContext,
  expectedEventCounts,
  normalisedRealisticAccounts,
} from './support/creation.js';

const accounts = normalisedRealisticAccounts();
const cases = accounts.map(({ name, account }) => [name, account] as const);

describe('Every event creation emits is valid against the catalogue schema of its type and version', () => {
  it.each(cases)('every event built for %s passes validateEvent (envelope and payload)', (_name, account) => {
    // Prepare
    const context = creationContext(account);
    // Act
    const events = accountCreationEvents(account, context);
    // Assess
    const failures = events.flatMap((event) => {
      const result = validateEvent(event);
      return result.valid ? [] : [{ type: event.event_type, errors: result.errors }];
    });
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(failures).toEqual([]);
  });
});

describe('Creation emits one event per item the account holds, of each catalogue type', () => {
  it.each(cases)('%s: the count per event type equals what the payload holds', (_name, account) => {
    // Prepare
    const expected = expectedEventCounts(account);
    // Act
    const events = accountCreationEvents(account, creationContext(account));
    // Assess
    expect(countByType(events)).toEqual(expected);
  });

  it('the realistic accounts emit these numbers of events per type', () => {
    // Act
    const table = Object.fromEntries(
      accounts.map(({ name, account }) => [
        name,
        countByType(accountCreationEvents(account, creationContext(account))),
      ]),
    );
    // Assess
    const base = { 'account.created': 1, 'data_import.import_process.complete': 1 };
    expect(table).toEqual({
      'domestic-dual-fuel-smart': {
        ...base,
        'account_user.created': 2,
        'account_user.psr_records_updated': 1,
        'account_metadata.created': 1,
        'consents.consent.created': 3,
        'agreement.created': 4,
      },
      'domestic-prepay': {
        ...base,
        'account_user.created': 1,
        'account_user.psr_records_updated': 1,
        'consents.consent.created': 1,
        'agreement.created': 2,
      },
      'domestic-vacant': { ...base, 'account_user.created': 1, 'agreement.created': 1 },
      'domestic-occupier': { ...base, 'agreement.created': 2 },
      'domestic-third-party-billed': { ...base, 'account_user.created': 3, 'agreement.created': 1 },
      'business-sme-two-sites': {
        ...base,
        'account_user.created': 2,
        'business.created': 1,
        'agreement.created': 6,
        'deposit_agreement.accepted': 1,
      },
      'business-existing-contracts': {
        ...base,
        'account_user.created': 1,
        'business.created': 1,
        'agreement.created': 2,
        'campaign_account.added': 1,
      },
      'business-vacant': {
        ...base,
        'account_user.created': 1,
        'business.created': 1,
        'agreement.created': 1,
      },
      'business-occupier': { ...base, 'agreement.created': 1 },
      'business-third-party-billed': {
        ...base,
        'account_user.created': 1,
        'business.created': 1,
        'agreement.created': 1,
      },
      'portfolio-lead': { ...base, 'account_user.created': 1, 'business.created': 1 },
      'managed-flat': { ...base, 'account_user.created': 1, 'agreement.created': 1 },
      'system-suspense': base,
    });
  });
});

describe('Creation emits account.created first and data_import.import_process.complete last', () => {
  it.each(cases)(
    '%s: the list opens with account.created and closes with the completion',
    (_name, account) => {
      // Act
      const events = accountCreationEvents(account, creationContext(account));
      // Assess
      expect(events[0]?.event_type).toBe('account.created');
      expect(events.at(-1)?.event_type).toBe('data_import.import_process.complete');
      expect(events.at(-1)?.payload).toEqual({
        resource_type: 'ACCOUNT',
        external_identifier: account.external_account_number,
        identifier: 'A-00C0FFEE',
      });
    },
  );
});
