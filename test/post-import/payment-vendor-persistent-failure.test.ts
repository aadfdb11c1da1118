import { describe, expect, it } from 'vitest';
import type { ImportedAccount } from '../../functions/rules/import-process.js';
import {
  ERROR_EVENT_INTERVAL_SECONDS,
  FAILURE_WINDOW_SECONDS,
} from '../../functions/rules/payments/vendor-failures.js';
import { postImportError } from '../../functions/rules/post-import/post-import-events.js';
import {
  recordVendorFailure,
  writeVendorErrorEventOncePerInterval,
} from '../../functions/store/vendor-failure-store.js';
import { type ArchivedEvent, forAccount, waitForEvents } from '../support/events-file.js';
import { createImportedAccount } from './support/imported-account.js';
import { paymentReference, postPaymentInstruction } from './support/post-import-api.js';
import { prepareAcmeToken, token } from './support/prepare.js';
import { accountItems } from './support/store.js';

prepareAcmeToken();

const card = (reference: string) => ({ vendor: 'STRIPE', reference, type: 'CARD' });
/** Switches the fake vendor's outage for one reference on or off. */
async function vendorOutage(ref: string, on: boolean): Promise<void> {
  const url = new URL(`/__fake/outages/${encodeURIComponent(ref)}`, process.env.DATA_IMPORT_STRIPE_API_URL);
  const response = await fetch(url, { method: on ? 'PUT' : 'DELETE' });
  expect(response.status).toBe(204);
}

const errorCodeOf = (event: ArchivedEvent) => event.detail.payload.error_code as string;
const isPostImportError = (event: ArchivedEvent) =>
  event['detail-type'] === 'data_import.import_process.post_import.error@v1';

describe('Payment vendor, persistent failure: unreachable for the same reference on 3 consecutive requests within 15 minutes', () => {
  it('answers 500 (with Retry-After) twice, then 400 payment_vendor_persistent_failure on the third request, storing no instruction', async () => {
    // Prepare
    const account = await createImportedAccount();
    const ref = paymentReference('pm_unavailable_');
    // Act
    const first = await postPaymentInstruction(token, account, card(ref));
    const second = await postPaymentInstruction(token, account, card(ref));
    const third = await postPaymentInstruction(token, account, card(ref));
    // Assess
    for (const intermittent of [first, second]) {
      expect(intermittent.status).toBe(500);
      expect(intermittent.json.code).toBe('payment_vendor_unavailable');
      expect(intermittent.headers.get('retry-after')).toBe('1');
    }
    expect(third.status).toBe(400);
    expect(third.json).toEqual({
      detail: expect.stringContaining('do not retry'),
      code: 'payment_vendor_persistent_failure',
      errors: [{ attr: 'reference', code: 'payment_vendor_persistent_failure', detail: expect.any(String) }],
    });
    expect(await accountItems(account.service_account_number, 'PAYMENT#')).toEqual([]);
  });

  it('starts the count again when the vendor answers in between (a success for the same reference)', async () => {
    // Prepare: two failures for the reference, then the vendor answers it (for another account)
    const [account, other] = [await createImportedAccount(), await createImportedAccount()];
    const ref = paymentReference('pm_card_');
    await vendorOutage(ref, true);
    await postPaymentInstruction(token, account, card(ref));
    await postPaymentInstruction(token, account, card(ref));
    await vendorOutage(ref, false);
    expect((await postPaymentInstruction(token, other, card(ref))).status).toBe(201);
    await vendorOutage(ref, true);
    // Act: two more failures
    const third = await postPaymentInstruction(token, account, card(ref));
    const fourth = await postPaymentInstruction(token, account, card(ref));
    // Assess: the run restarted, so neither is persistent yet
    await vendorOutage(ref, false);
    expect([third.status, fourth.status]).toEqual([500, 500]);
  });
});

describe('Payment vendor failures: post_import.error is emitted once per (reference, code) per hour, not on every retry', () => {
  it('emits one payment_vendor_unavailable and one payment_vendor_persistent_failure for three failing requests', async () => {
    // Prepare
    const account = await createImportedAccount();
    const ref = paymentReference('pm_unavailable_');
    // Act
    for (let request = 0; request < 3; request++) await postPaymentInstruction(token, account, card(ref));
    // Assess: the third request's event arrives after the second request (which wrote none)
    await waitForEvents(
      (event) =>
        forAccount(account.external_account_number)(event) &&
        errorCodeOf(event) === 'payment_vendor_persistent_failure',
    );
    const events = await waitForEvents(
      (event) => forAccount(account.external_account_number)(event) && isPostImportError(event),
    );
    expect(events.map(errorCodeOf).sort()).toEqual([
      'payment_vendor_persistent_failure',
      'payment_vendor_unavailable',
    ]);
  });

  it('writes the event for a (reference, code) again only once the hour has passed', async () => {
    // Prepare
    const account: ImportedAccount = await createImportedAccount();
    const ref = paymentReference('pm_marker_');
    const event = () =>
      postImportError(account, 'PAYMENT_INSTRUCTION', 'payment_vendor_unavailable', 'Down.');
    const start = new Date();
    const later = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    // Act
    const written = [
      await writeVendorErrorEventOncePerInterval('STRIPE', ref, 'payment_vendor_unavailable', event(), start),
      await writeVendorErrorEventOncePerInterval(
        'STRIPE',
        ref,
        'payment_vendor_unavailable',
        event(),
        later(60),
      ),
      await writeVendorErrorEventOncePerInterval(
        'STRIPE',
        ref,
        'payment_vendor_persistent_failure',
        event(),
        later(60),
      ),
      await writeVendorErrorEventOncePerInterval(
        'STRIPE',
        ref,
        'payment_vendor_unavailable',
        event(),
        later(ERROR_EVENT_INTERVAL_SECONDS + 1),
      ),
    ];
    // Assess
    expect(written).toEqual([true, false, true, true]);
  });
});

describe('Payment vendor failures: counted per reference in a 15-minute window from the first failure', () => {
  it('counts consecutive failures within the window and starts a new run after it', async () => {
    // Prepare
    const ref = paymentReference('pm_window_');
    const start = new Date();
    const later = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    // Act
    const runs = [
      await recordVendorFailure('STRIPE', ref, start),
      await recordVendorFailure('STRIPE', ref, later(60)),
      await recordVendorFailure('STRIPE', ref, later(FAILURE_WINDOW_SECONDS + 1)),
    ];
    // Assess
    expect(runs.map((run) => run.failures)).toEqual([1, 2, 1]);
  });
});
