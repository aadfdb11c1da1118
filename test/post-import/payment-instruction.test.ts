import { describe, expect, it } from 'vitest';
import { forAccount, waitForEvents } from '../support/events-file.js';
import { createImportedAccount, createStagedOnlyAccount } from './support/imported-account.js';
import { paymentReference, postPaymentInstruction } from './support/post-import-api.js';
import { prepareAcmeToken, token } from './support/prepare.js';
import { accountItems } from './support/store.js';

prepareAcmeToken();

const card = (reference: string) => ({ vendor: 'STRIPE', reference, type: 'CARD' });
describe('Payment instruction: verified with the vendor, stored, 201 {service_account_number, reference}', () => {
  it('stores the instruction with the vendor details and emits post_import.completed (PAYMENT_INSTRUCTION)', async () => {
    // Prepare
    const account = await createImportedAccount();
    const ref = paymentReference();
    // Act
    const response = await postPaymentInstruction(token, account, card(ref));
    // Assess
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ service_account_number: account.service_account_number, reference: ref });
    const [stored] = await accountItems(account.service_account_number, 'PAYMENT#');
    expect(stored).toMatchObject({
      vendor: 'STRIPE',
      reference: ref,
      type: 'CARD',
      details: { brand: 'visa', last4: expect.stringMatching(/^\d{4}$/), exp_year: 2099 },
    });
    const [event] = await waitForEvents(forAccount(account.external_account_number));
    expect(event?.detail.payload).toEqual({
      resource_type: 'PAYMENT_INSTRUCTION',
      import_process_resource_type: 'ACCOUNT',
      import_process_external_identifier: account.external_account_number,
      identifier: ref,
    });
  });

  it('returns the stored result for the same reference posted again, storing it once', async () => {
    // Prepare
    const account = await createImportedAccount();
    const ref = paymentReference();
    const first = await postPaymentInstruction(token, account, card(ref));
    // Act
    const second = await postPaymentInstruction(token, account, card(ref));
    // Assess
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(await accountItems(account.service_account_number, 'PAYMENT#')).toHaveLength(1);
  });
});

describe('Payment instruction: one of a Bottomline Direct Debit bureau, which the service cannot ask, is kept as given', () => {
  it('stores it with vendor_verified false and no vendor details, once; a type the published payload does not name is a 400', async () => {
    // Prepare
    const account = await createImportedAccount();
    const ref = paymentReference('DD-');
    const directDebit = {
      vendor: 'BOTTOMLINE_PTX',
      reference: ref,
      type: 'DIRECT_DEBIT',
      valid_from: '2024-01-01',
    };
    // Act
    const first = await postPaymentInstruction(token, account, directDebit);
    const again = await postPaymentInstruction(token, account, directDebit);
    const wrongType = await postPaymentInstruction(token, account, {
      ...directDebit,
      reference: `${ref}-2`,
      type: 'CHEQUE',
    });
    // Assess
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(again.json).toEqual(first.json);
    const stored = await accountItems(account.service_account_number, 'PAYMENT#');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      vendor: 'BOTTOMLINE_PTX',
      type: 'DIRECT_DEBIT',
      vendor_verified: false,
      valid_from: '2024-01-01',
    });
    expect(stored[0]).not.toHaveProperty('details');
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.errors).toEqual([
      expect.objectContaining({ attr: 'type', code: 'invalid_choice' }),
    ]);
  });
});

describe('Payment instruction: the vendor saying it does not exist is a 400 (do not retry)', () => {
  it('answers 400 payment_instruction_not_found_at_vendor and stores nothing', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postPaymentInstruction(token, account, card(paymentReference('pm_notfound_')));
    // Assess
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      code: 'invalid_request',
      errors: [{ attr: 'reference', code: 'payment_instruction_not_found_at_vendor' }],
    });
    expect(await accountItems(account.service_account_number, 'PAYMENT#')).toEqual([]);
  });
});

describe('Payment instruction: vendor 5xx, timeouts and resets are retried, then 500 (retry as is)', () => {
  it.each([
    ['a vendor 503', 'pm_unavailable_'],
    ['a connection reset', 'pm_reset_'],
    ['a vendor slower than the timeout', 'pm_slow_'],
  ])(
    'answers 500 payment_vendor_unavailable for %s, stores nothing and emits post_import.error',
    async (_name, prefix) => {
      // Prepare
      const account = await createImportedAccount();
      // Act
      const response = await postPaymentInstruction(token, account, card(paymentReference(prefix)));
      // Assess
      expect(response.status).toBe(500);
      expect(response.json).toEqual({
        code: 'payment_vendor_unavailable',
        detail: 'The payment vendor could not be reached; retry the request as it is.',
      });
      expect(await accountItems(account.service_account_number, 'PAYMENT#')).toEqual([]);
      const [event] = await waitForEvents(forAccount(account.external_account_number));
      expect(event?.['detail-type']).toBe('data_import.import_process.post_import.error@v1');
      expect(event?.detail.payload).toEqual({
        resource_type: 'PAYMENT_INSTRUCTION',
        import_process_resource_type: 'ACCOUNT',
        import_process_external_identifier: account.external_account_number,
        error_code: 'payment_vendor_unavailable',
        error_detail: expect.any(String),
      });
    },
  );
});

describe('Payment instruction: vendor and type are enumerations', () => {
  it('answers 400 invalid_choice on vendor for an unknown vendor and on type for an unknown type', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postPaymentInstruction(token, account, {
      vendor: 'PAYPAL',
      reference: paymentReference(),
      type: 'CHEQUE',
    });
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      expect.objectContaining({ attr: 'vendor', code: 'invalid_choice' }),
      expect.objectContaining({ attr: 'type', code: 'invalid_choice' }),
    ]);
  });

  it('answers 400 for missing fields, unknown fields and a reference with a slash', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postPaymentInstruction(token, account, {
      vendor: 'STRIPE',
      reference: 'pm/../x',
      colour: 'red',
    });
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ attr: 'type', code: 'required' }),
        expect.objectContaining({ attr: 'colour', code: 'unknown_field' }),
        expect.objectContaining({ attr: 'reference', code: 'invalid_format' }),
      ]),
    );
  });

  it('answers 404 account_not_found for an account that is only staged', async () => {
    // Prepare
    const external = await createStagedOnlyAccount();
    // Act
    const response = await postPaymentInstruction(
      token,
      { import_supplier: 'ACME', external_account_number: external },
      card(paymentReference()),
    );
    // Assess
    expect(response.status).toBe(404);
    expect(response.json.code).toBe('account_not_found');
  });
});
