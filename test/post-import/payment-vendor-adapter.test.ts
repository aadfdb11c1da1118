import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentVendorAdapter } from '../../functions/adapters/payments/vendor-adapter.js';
import { type FakePaymentVendor, startFakePaymentVendor } from '../../infra/local/fake-payment-vendor.js';
import { createImportedAccount } from './support/imported-account.js';
import { type Handler, lambdaContext, postEvent } from './support/in-process.js';
import { paths, paymentReference, ref } from './support/post-import-api.js';
import { accountItems } from './support/store.js';

/**
 * The STRIPE adapter against a fake vendor of this test's own (so the test can count the
 * adapter's requests), with a short timeout. Configuration is read at module scope, so it is
 * set before the modules are imported.
 */
let vendor: FakePaymentVendor;
let adapter: PaymentVendorAdapter;
let handler: Handler;
const saved = { ...process.env };

beforeAll(async () => {
  vendor = await startFakePaymentVendor({ slowMs: 5_000 });
  process.env.DATA_IMPORT_STRIPE_API_URL = vendor.url;
  process.env.DATA_IMPORT_PAYMENT_VENDOR_TIMEOUT_MS = '200';
  process.env.DATA_IMPORT_PAYMENT_VENDOR_ATTEMPTS = '3';
  ({ stripeAdapter: adapter } = await import('../../functions/adapters/payments/stripe-adapter.js'));
  ({ handler } = (await import('../../functions/handlers/create-payment-instruction.js')) as unknown as {
    handler: Handler;
  });
});

afterAll(async () => {
  await vendor.stop();
  for (const name of [
    'DATA_IMPORT_STRIPE_API_URL',
    'DATA_IMPORT_PAYMENT_VENDOR_TIMEOUT_MS',
    'DATA_IMPORT_PAYMENT_VENDOR_ATTEMPTS',
  ]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('STRIPE adapter: fetches the instruction through the vendor API', () => {
  it('returns a CARD instruction with the card details for a valid reference, in one request', async () => {
    // Prepare
    const ref = paymentReference('pm_card_');
    // Act
    const instruction = await adapter.fetchInstruction(ref);
    // Assess
    expect(instruction).toMatchObject({
      reference: ref,
      type: 'CARD',
      details: { brand: 'visa', exp_month: 12, exp_year: 2099 },
    });
    expect(vendor.requestCount(ref)).toBe(1);
  });

  it('reports not-found without retrying', async () => {
    // Prepare
    const ref = paymentReference('pm_notfound_');
    // Act
    const outcome = adapter.fetchInstruction(ref);
    // Assess
    await expect(outcome).rejects.toMatchObject({ name: 'VendorInstructionNotFound' });
    expect(vendor.requestCount(ref)).toBe(1);
  });

  it.each([
    ['503', 'pm_unavailable_'],
    ['connection reset', 'pm_reset_'],
    ['timeout', 'pm_slow_'],
  ])('retries a %s three times in all, then reports the vendor unavailable', async (_name, prefix) => {
    // Prepare
    const ref = paymentReference(prefix);
    // Act
    const outcome = adapter.fetchInstruction(ref);
    // Assess
    await expect(outcome).rejects.toMatchObject({ name: 'VendorUnavailable' });
    expect(vendor.requestCount(ref)).toBe(3);
  });
});

describe('Payment instruction endpoint: the same reference again returns the stored result without asking the vendor', () => {
  it('calls the vendor once for two identical requests', async () => {
    // Prepare
    const account = await createImportedAccount();
    const ref = paymentReference('pm_card_');
    const event = postEvent({
      path: paths.paymentInstruction,
      body: { ...ref_(account), vendor: 'STRIPE', reference: ref, type: 'CARD' },
    });
    // Act
    const first = await handler(event, lambdaContext);
    const second = await handler(event, lambdaContext);
    // Assess
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(JSON.parse(second.body)).toEqual({
      service_account_number: account.service_account_number,
      reference: ref,
    });
    expect(vendor.requestCount(ref)).toBe(1);
  });

  it('writes nothing but the error event when the vendor stays unavailable (nothing half-written)', async () => {
    // Prepare
    const account = await createImportedAccount();
    const ref = paymentReference('pm_unavailable_');
    // Act
    const response = await handler(
      postEvent({
        path: paths.paymentInstruction,
        body: { ...ref_(account), vendor: 'STRIPE', reference: ref, type: 'CARD' },
      }),
      lambdaContext,
    );
    // Assess
    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body).code).toBe('payment_vendor_unavailable');
    expect(await accountItems(account.service_account_number, '')).toEqual([
      expect.objectContaining({ sk: 'ACCOUNT' }),
    ]);
  });
});

const ref_ = ref;
