import { describe, expect, it } from 'vitest';
import { getImportProcess, writeStaging } from '../../functions/store/import-process-store.js';
import { obtainToken } from '../support/auth.js';
import { readEvents } from '../support/events-file.js';
import { api } from '../support/http.js';
import { accountPayload, externalNumber, paths, processAccount, stage } from './support/accounts.js';
import { stagedAccount, stagedWith } from './support/store.js';

describe('Staging an account that is already imported', () => {
  it('is a 409 account_import_process_already_imported with its service_account_number', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    await stage(token, payload);
    const created = await processAccount(token, 'ACME', payload.external_account_number);

    // Act
    const restaged = await stage(token, payload);

    // Assess
    expect(restaged.status).toBe(409);
    expect(restaged.json).toEqual({
      detail: expect.any(String),
      code: 'account_import_process_already_imported',
      service_account_number: created.json.service_account_number,
    });
  });
});

describe('Processing an account that is already imported', () => {
  it('is a 409 account_import_process_already_imported with its service_account_number', async () => {
    const token = await obtainToken();
    const payload = accountPayload();
    await stage(token, payload);
    const created = await processAccount(token, 'ACME', payload.external_account_number);
    const again = await processAccount(token, 'ACME', payload.external_account_number);
    const dryRun = await processAccount(token, 'ACME', payload.external_account_number, true);
    for (const response of [again, dryRun]) {
      expect(response.status).toBe(409);
      expect(response.json).toMatchObject({
        code: 'account_import_process_already_imported',
        service_account_number: created.json.service_account_number,
      });
    }
  });
});

describe('Processing an account that is not staged', () => {
  it('is a 404 import_process_does_not_exist (also as a dry run)', async () => {
    const token = await obtainToken();
    const external = externalNumber();
    for (const dryRun of [undefined, true]) {
      const response = await processAccount(token, 'ACME', external, dryRun);
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ detail: expect.any(String), code: 'import_process_does_not_exist' });
    }
    expect(await getImportProcess('ACME', external)).toBeUndefined();
  });
});

describe('Unknown supplier on the three POSTs', () => {
  it('is a 400 with import_supplier_does_not_exist on import_supplier', async () => {
    const token = await obtainToken();
    const payload = accountPayload({}, 'NO-SUCH-SUPPLIER');
    for (const [path, body, summary] of [
      [paths.validate, payload, 'account_failed_validation'],
      [paths.stage, payload, 'account_failed_validation'],
      [
        paths.process,
        { import_supplier: 'NO-SUCH-SUPPLIER', external_account_number: 'X1' },
        'invalid_request',
      ],
    ] as const) {
      const response = await api('POST', path, { token, body });
      expect(response.status, path).toBe(400);
      expect(response.json).toEqual({
        detail: expect.any(String),
        code: summary,
        errors: [
          { attr: 'import_supplier', code: 'import_supplier_does_not_exist', detail: expect.any(String) },
        ],
      });
    }
  });
});

describe('Supplier outside the token scope', () => {
  it('is a 403 permission_denied on the three POSTs', async () => {
    const token = await obtainToken('local-dev-key-globex');
    const payload = accountPayload();
    for (const [path, body] of [
      [paths.validate, payload],
      [paths.stage, payload],
      [paths.process, { import_supplier: 'ACME', external_account_number: payload.external_account_number }],
    ] as const) {
      const response = await api('POST', path, { token, body });
      expect(response.status, path).toBe(403);
      expect(response.json.code).toBe('permission_denied');
    }
  });
});

describe('Paused and complete suppliers', () => {
  const cases = [
    ['PAUSED-CO', 'import_supplier_paused'],
    ['DONE-CO', 'import_supplier_complete'],
  ] as const;

  for (const [supplier, innerCode] of cases) {
    it(`${supplier}: every POST is a 409 import_supplier_migration_not_ongoing (${innerCode}) and nothing is written`, async () => {
      // Prepare: a process staged before the supplier stopped (written through the store)
      const token = await obtainToken();
      const payload = accountPayload({}, supplier);
      const external: string = payload.external_account_number;
      const stagedExternal = externalNumber();
      await writeStaging({
        supplier,
        externalAccountNumber: stagedExternal,
        ...stagedWith(stagedAccount(supplier, stagedExternal)),
        now: new Date(),
        target: 'create',
      });
      const eventsBefore = readEvents().length;

      // Act
      const responses = [
        await api('POST', paths.validate, { token, body: payload }),
        await stage(token, payload),
        await processAccount(token, supplier, stagedExternal),
        await processAccount(token, supplier, stagedExternal, true),
      ];

      // Assess
      for (const response of responses) {
        expect(response.status).toBe(409);
        expect(response.json).toEqual({
          detail: expect.any(String),
          code: 'import_supplier_migration_not_ongoing',
          errors: [{ attr: 'import_supplier', code: innerCode, detail: expect.any(String) }],
        });
      }
      expect(await getImportProcess(supplier, external)).toBeUndefined();
      expect(await getImportProcess(supplier, stagedExternal)).toMatchObject({
        status: 'UNKNOWN',
        lifecycle: 'STAGED',
      });
      const newEvents = readEvents().slice(eventsBefore);
      expect(
        newEvents.filter((event) => JSON.stringify(event.detail.payload).includes(stagedExternal)),
      ).toEqual([]);
    });
  }
});
