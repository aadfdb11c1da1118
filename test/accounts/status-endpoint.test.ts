import { describe, expect, it } from 'vitest';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { accountPayload, externalNumber, paths, processAccount, stage } from './support/accounts.js';

describe('Endpoint 5: account transfer status', () => {
  it('returns 200 UNKNOWN with "" while the account is staged, then COMPLETED with its number', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    expect((await stage(token, payload)).status).toBe(201);

    // Act
    const staged = await api('GET', paths.status('ACME', payload.external_account_number), { token });
    const created = await processAccount(token, 'ACME', payload.external_account_number);
    const completed = await api('GET', paths.status('ACME', payload.external_account_number), { token });

    // Assess
    expect(staged.status).toBe(200);
    expect(staged.json).toEqual({ status: 'UNKNOWN', service_account_number: '' });
    expect(created.status).toBe(201);
    expect(completed.json).toEqual({
      status: 'COMPLETED',
      service_account_number: created.json.service_account_number,
    });
  });

  it('returns 404 import_process_does_not_exist when no process exists', async () => {
    const token = await obtainToken();
    const response = await api('GET', paths.status('ACME', externalNumber()), { token });
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({
      code: 'import_process_does_not_exist',
      detail: expect.any(String),
    });
  });

  it('returns 404 account_not_found for an unknown supplier code', async () => {
    const token = await obtainToken();
    const response = await api('GET', paths.status('NO-SUCH-SUPPLIER', externalNumber()), { token });
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ code: 'account_not_found' });
  });

  it('answers for paused and complete suppliers too (a GET is not a migration)', async () => {
    const token = await obtainToken();
    const response = await api('GET', paths.status('PAUSED-CO', externalNumber()), { token });
    expect(response.status).toBe(404);
    expect(response.json.code).toBe('import_process_does_not_exist');
  });

  it('returns 403 permission_denied for a supplier outside the token scope', async () => {
    const token = await obtainToken('local-dev-key-globex');
    const response = await api('GET', paths.status('ACME', externalNumber()), { token });
    expect(response.status).toBe(403);
    expect(response.json.code).toBe('permission_denied');
  });

  it('returns 401 without a token', async () => {
    const response = await api('GET', paths.status('ACME', externalNumber()));
    expect(response.status).toBe(401);
  });
});
