import { describe, expect, it, vi } from 'vitest';
import { withoutNulls } from '../../functions/rules/account/account.js';
import { getStagedAccount } from '../../functions/store/import-process-store.js';
import { v2Paths } from '../account-tasks/support.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { realisticAccounts, withFreshIdentifiers } from '../support/realistic-accounts/index.js';
import { paths, stage } from './support/accounts.js';

// Thirteen accounts through four routes each on a shared runtime.
vi.setConfig({ testTimeout: 60_000 });

describe('Rule: every realistic account (each account type, each union branch) validates, stages, restages whole and v2-validates', () => {
  for (const { name, account } of realisticAccounts()) {
    it(`${name}: 200, 201, 200 with the whole account kept, and v2 200`, async () => {
      // Prepare
      const token = await obtainToken();
      const payload = withFreshIdentifiers(account);
      const external = String(payload.external_account_number);
      // Act
      const validated = await api('POST', paths.validate, { token, body: payload });
      const first = await stage(token, payload);
      const again = await stage(token, { ...payload, billing_name: 'Changed Name' });
      const kept = (await getStagedAccount('ACME', external))?.account;
      const v2 = await api('POST', v2Paths.validate, { token, body: { payload } });
      // Assess
      expect(validated.status).toBe(200);
      expect(validated.json).toEqual(withoutNulls(payload));
      expect(first.status).toBe(201);
      expect(again.status).toBe(200);
      expect(kept).toEqual(withoutNulls({ ...payload, billing_name: 'Changed Name' }));
      expect(v2.status).toBe(200);
    });
  }
});
