import { describe, expect, it, vi } from 'vitest';
import { decodeCursor, encodeCursor, parsePageRequest } from '../../functions/http/paging.js';
import { newAccountNumbers } from '../../functions/rules/account/account-number.js';
import { COUNTRY_CODES, normaliseCountry } from '../../functions/rules/account/countries.js';
import { requireProcessable, stagingTarget } from '../../functions/rules/account/import-process-rules.js';
import { normalisePhoneNumber } from '../../functions/rules/account/phone.js';
import { normalisePostcode } from '../../functions/rules/account/postcode.js';
import { firstStatementPeriodStart } from '../../functions/rules/account/statement-period.js';
import { accountTransferStatus } from '../../functions/rules/account/transfer-status.js';
import type { ImportProcess } from '../../functions/rules/import-process.js';
import { nextDay } from '../../functions/rules/values/dates.js';
import { checkDecimal } from '../../functions/rules/values/decimal.js';
import { expiryWindowEnd } from '../../functions/use-cases/expire-import-processes.js';
import { supplierCommands } from '../../infra/ops/commands/supplier.js';
import { newSupplierWithKey, seedProcesses } from './support/seed-processes.js';

const process = (fields: Partial<ImportProcess> & { lock_expires_at?: string }): ImportProcess => ({
  import_supplier: 'ACME',
  external_account_number: 'E',
  status: 'UNKNOWN',
  lifecycle: 'STAGED',
  staged_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
  ...fields,
});

describe('transfer_balance: a decimal with at most 2 places', () => {
  it.each([
    ['12', '12.00'],
    [12.5, '12.50'],
    ['-0.5', '-0.50'],
    ['007.10', '7.10'],
    ['-0', '0.00'],
    [0, '0.00'],
  ])('%s is normalised to %s', (value, expected) => {
    expect(checkDecimal(value)).toEqual({ ok: true, value: expected });
  });
  it.each([
    ['1.234', 'too_many_decimal_places'],
    [0.001, 'too_many_decimal_places'],
    ['1e3', 'invalid_decimal'],
    ['', 'invalid_decimal'],
    ['12.', 'invalid_decimal'],
    [Number.NaN, 'invalid_decimal'],
    [null, 'invalid_type'],
    [{}, 'invalid_type'],
  ])('%s is refused with %s', (value, code) => {
    expect(checkDecimal(value)).toMatchObject({ ok: false, code });
  });
});

describe('Postcodes are checked for the country where a rule is known', () => {
  it.each([
    ['sw1a1aa', 'GB', 'SW1A 1AA'],
    ['EC1A 1BB', 'GB', 'EC1A 1BB'],
    ['m1 1ae', 'GB', 'M1 1AE'],
    ['GIR0AA', 'GB', 'GIR 0AA'],
    ['JE2 4WE', 'JE', 'JE2 4WE'],
    ['d02 x285', 'IE', 'D02 X285'],
    ['90210-1234', 'US', '90210-1234'],
    ['1012ab', 'NL', '1012 AB'],
    ['anything at all', 'JP', 'anything at all'],
  ])('%s in %s → %s', (postcode, country, expected) => {
    expect(normalisePostcode(postcode, country)).toBe(expected);
  });
  it.each([
    ['SW1A', 'GB'],
    ['12345', 'GB'],
    ['QQ1 1AA', 'GB'],
    ['1234', 'FR'],
    ['ABCDE', 'US'],
  ])('%s is not a valid postcode in %s', (postcode, country) => {
    expect(normalisePostcode(postcode, country)).toBeUndefined();
  });
});

describe('Phone numbers: libphonenumber-js, billing country as the default region', () => {
  it('normalises to E.164', () => {
    expect(normalisePhoneNumber('07911 123456', 'GB')).toBe('+447911123456');
    expect(normalisePhoneNumber('+1 415 555 2671', 'GB')).toBe('+14155552671');
    expect(normalisePhoneNumber('06 12 34 56 78', 'FR')).toBe('+33612345678');
  });
  it('refuses what is not a valid number', () => {
    expect(normalisePhoneNumber('12345', 'GB')).toBeUndefined();
    expect(normalisePhoneNumber('06 12 34 56 78', 'GB')).toBeUndefined();
  });
});

describe('Countries: ISO 3166-1 alpha-2', () => {
  it('knows the 249 assigned codes, in any case', () => {
    expect(COUNTRY_CODES.size).toBe(249);
    expect(normaliseCountry('gb')).toBe('GB');
    expect(normaliseCountry('UK')).toBeUndefined();
  });
});

describe('Service account numbers', () => {
  it('are A- + 8 characters 0-9A-F, with the ledger number L- + the same characters', () => {
    const numbers = newAccountNumbers(() => Buffer.from([0x0a, 0xbc, 0xde, 0xf1]));
    expect(numbers).toEqual({ serviceAccountNumber: 'A-0ABCDEF1', ledgerNumber: 'L-0ABCDEF1' });
    expect(newAccountNumbers().serviceAccountNumber).toMatch(/^A-[0-9A-F]{8}$/);
  });
});

describe('The first statement period', () => {
  it('starts the day after last_billed_to_date, or on the creation date', () => {
    expect(firstStatementPeriodStart('2024-02-28', new Date('2025-01-01T10:00:00Z'))).toBe('2024-02-29');
    expect(firstStatementPeriodStart('2023-12-31', new Date())).toBe('2024-01-01');
    expect(firstStatementPeriodStart(undefined, new Date('2025-01-01T23:59:59Z'))).toBe('2025-01-01');
    expect(nextDay('2023-02-28')).toBe('2023-03-01');
  });
});

describe('Expiry window end', () => {
  it('is the last staging time plus the window', () => {
    expect(expiryWindowEnd('2024-01-01T12:00:00.123Z', 30)).toBe('2024-01-31T12:00:00Z');
  });
});

describe('Status transitions', () => {
  const now = new Date('2024-06-01T00:00:00Z');
  const lockedUntil = (expiresAt: string) => process({ status: 'IN_PROGRESS', lock_expires_at: expiresAt });
  it('staging creates when no live process exists, replaces while UNKNOWN', () => {
    expect(stagingTarget(undefined, now)).toBe('create');
    expect(stagingTarget(process({ lifecycle: 'CANCELLED' }), now)).toBe('create');
    expect(stagingTarget(process({}), now)).toBe('replace');
  });
  it('staging an imported account, or one whose creation lock is held, is a 409', () => {
    expect(() => stagingTarget(process({ status: 'COMPLETED', service_account_number: 'A-1' }), now)).toThrow(
      expect.objectContaining({
        code: 'account_import_process_already_imported',
        extra: { service_account_number: 'A-1' },
      }),
    );
    expect(() => stagingTarget(lockedUntil('2024-06-01T00:00:07Z'), now)).toThrow(
      expect.objectContaining({ code: 'import_process_in_progress', retryAfterSeconds: 7 }),
    );
  });
  it('a creation lock whose claim expired blocks nothing: staging replaces the staged data', () => {
    expect(stagingTarget(lockedUntil('2024-06-01T00:00:00Z'), now)).toBe('replace');
  });
  it('processing needs a live UNKNOWN process, or an IN_PROGRESS one whose lock expired', () => {
    expect(() => requireProcessable(undefined, now)).toThrow(
      expect.objectContaining({ code: 'import_process_does_not_exist' }),
    );
    expect(() => requireProcessable(process({ lifecycle: 'CANCELLED' }), now)).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(requireProcessable(process({}), now)).toBeDefined();
    expect(requireProcessable(lockedUntil('2024-05-31T23:59:59Z'), now)).toBeDefined();
    expect(() => requireProcessable(lockedUntil('2024-06-01T00:00:01Z'), now)).toThrow(
      expect.objectContaining({ code: 'import_process_in_progress', retryAfterSeconds: 1 }),
    );
  });
  it('endpoint 5 shows "" until COMPLETED and treats a cancelled process as none', () => {
    expect(accountTransferStatus(process({ status: 'IN_PROGRESS' }))).toEqual({
      status: 'IN_PROGRESS',
      service_account_number: '',
    });
    expect(
      accountTransferStatus(process({ status: 'COMPLETED', service_account_number: 'A-00000001' })),
    ).toEqual({
      status: 'COMPLETED',
      service_account_number: 'A-00000001',
    });
    expect(() => accountTransferStatus(process({ lifecycle: 'CANCELLED' }))).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
  });
});

describe('Cursors are opaque and bound to their list and supplier', () => {
  const scope = { list: 'ALL', supplier: 'ACME' };
  it('round-trips', async () => {
    expect(await decodeCursor(await encodeCursor({ ...scope, after: 'E-\u{1f600}' }), scope)).toBe(
      'E-\u{1f600}',
    );
  });
  it('refuses tampered, foreign and made-up cursors', async () => {
    const cursor = await encodeCursor({ ...scope, after: 'E-1' });
    const forged = `c2.${Buffer.from(JSON.stringify(['ALL', 'ACME', 'E-9'])).toString('base64url')}.xxxxxxxxxxxxxxxxxxxxxx`;
    for (const bad of [forged, `${cursor}.x`, 'c2..', '', cursor.toUpperCase()]) {
      await expect(decodeCursor(bad, scope)).rejects.toMatchObject({ statusCode: 400 });
    }
    await expect(decodeCursor(cursor, { list: 'ALL', supplier: 'GLOBEX' })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
  it('page_size defaults to 5000 and accepts 1–10000', async () => {
    expect(await parsePageRequest({}, scope)).toEqual({ pageSize: 5000 });
    expect(await parsePageRequest({ page_size: '1' }, scope)).toEqual({ pageSize: 1 });
    expect(await parsePageRequest({ page_size: '10000' }, scope)).toEqual({ pageSize: 10000 });
  });
});

describe('Operator CLI: supplier list shows pending and imported counts', () => {
  it("counts each supplier's pending and imported processes", async () => {
    // Prepare: 5 processes, every third imported → 2 imported, 3 pending
    const { supplier } = await newSupplierWithKey('COUNT');
    await seedProcesses(supplier, ['C-0', 'C-1', 'C-2', 'C-3', 'C-4']);
    const table = vi.spyOn(console, 'table').mockImplementation(() => undefined);

    // Act
    const list = supplierCommands.find((command) => command.name.join(' ') === 'supplier list');
    const exitCode = await list?.run({ values: {}, positionals: [] });

    // Assess
    expect(exitCode).toBe(0);
    const rows = table.mock.calls[0]?.[0] as { code: string; pending: number; imported: number }[];
    expect(rows.find((row) => row.code === supplier)).toMatchObject({ pending: 3, imported: 2 });
    table.mockRestore();
  });
});
