import { test } from 'vitest';
import { api } from '../support/http.js';
import { obtainToken } from '../support/auth.js';
import { createImportedAccount } from '../post-import/support/imported-account.js';
import { request } from 'node:http';

function raw(method: string, path: string, token: string, body?: string): Promise<{ status: number; text: string }> {
  const url = new URL(process.env.DATA_IMPORT_URL!);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers: { authorization: `Token ${token}`, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

test('probe', async () => {
  const token = await obtainToken();
  const acct = await createImportedAccount();
  const ref = { import_supplier: 'ACME', external_account_number: acct.external_account_number };
  const cases: [string, string, unknown, Record<string, string>?][] = [
    ['POST', '/v1/data-import/notes/create/', { ...ref, notes: [{ body: 'x', created_at: '2020-01-01T23:59:60Z' }] }],
    ['POST', '/v1/data-import/notes/create/', { ...ref, notes: [{ body: 'x', created_at: '2020-01-01t10:00:00z' }] }],
    ['POST', '/v1/data-import/notes/create/', { ...ref, notes: [{ body: 'x', is_pinned: true, unpin_at: '2099-12-31T23:59:60Z' }] }],
    ['POST', '/v1/data-import/notes/create/', { ...ref, notes: [{ body: 'x', created_at: '2020-01-01 10:00:00+23:59' }] }],
    ['POST', '/v1/data-import/transactions/create/', { ...ref, transactions: [{ transaction_id: 'a', transaction_date: '2026-03-01', amount: 1e300, type: 'CHARGE' }] }],
    ['POST', '/v1/data-import/transactions/create/', { ...ref, transactions: [{ transaction_id: 'a', transaction_date: '2026-03-01', amount: 1e-7, type: 'CHARGE' }] }],
    ['POST', '/v1/data-import/transactions/create/', { ...ref, transactions: [{ transaction_id: 'a', transaction_date: '2026-03-01', amount: -0, type: 'CHARGE' }] }],
    ['POST', '/v1/data-import/transactions/create/', { ...ref, transactions: [null, 1, 'x'] }],
    ['POST', '/v1/data-import/transactions/create/', { ...ref, transactions: [{ transaction_id: 'a' }] }, { check_previously_added: 'maybe' }],
    ['POST', '/v1/data-import/historical-statements/create/', { ...ref, statements: [{ statement_id: 'S#1', bill_period_from_date: '2024-01-01', bill_period_to_date: '2024-01-31', issued_date: '2024-02-01', number: '1', gross_amount: 1e308 }] }],
    ['POST', '/v1/data-import/payment-instruction/create/', { ...ref, vendor: 'STRIPE', reference: '..', type: 'CARD' }],
    ['POST', '/v1/data-import/payment-instruction/create/', { ...ref, vendor: 'STRIPE', reference: '.', type: 'CARD' }],
    ['POST', '/v1/data-import/payment-instruction/create/', { ...ref, vendor: 'constructor', reference: 'x', type: 'CARD' }],
    ['POST', '/v1/data-import/payment-instruction/create/', { ...ref, vendor: 'STRIPE', reference: 'pm_x', type: 'toString' }],
    ['POST', '/v1/data-import/payment-instruction/create/', { ...ref, vendor: 'STRIPE', reference: 'pm_\ud800', type: 'CARD' }],
    ['POST', '/v1/data-import/validate-account/', { import_supplier: 'ACME', external_account_number: 'x', account_type: 'DOMESTIC', customers: [{ given_name: 'a', family_name: 'b', mobile: '0'.repeat(5000) }], billing_address: { address1: 'a', postcode: 'NW1 6XE', country: 'toString' } }],
    ['POST', '/v1/data-import/validate-account/', { import_supplier: 'ACME', external_account_number: 'x', account_type: 'DOMESTIC', customers: [{ given_name: 'a', family_name: 'b' }], billing_address: { address1: 'a', postcode: 'NW1 6XE', country: '__proto__' } }],
    ['POST', '/v1/data-import/validate-account/', { import_supplier: 'ACME', external_account_number: 'x', account_type: 'DOMESTIC', customers: [{ given_name: 'a', family_name: 'b', mobile: '+44\u0000' }], billing_address: { address1: 'a', postcode: 'NW1 6XE' }, transfer_balance: 1e21 }],
    ['POST', '/v1/data-import/account-import-process/process/', { import_supplier: 'constructor', external_account_number: 'x' }],
    ['POST', '/v1/data-import/account-import-process/process/', { import_supplier: 'ACME', external_account_number: 'x'.repeat(255) + '\ud800' }],
    ['POST', '/v1/data-import/notes/create/', { import_supplier: 'hasOwnProperty', external_account_number: 'x', notes: [{ body: 'x' }] }],
  ];
  for (const [method, path, body, query] of cases) {
    const r = await api(method, path, { token, body, query });
    console.log(r.status, path, r.text.slice(0, 300));
  }
  const rawBodies = [`{"import_supplier":"ACME","external_account_number":"${acct.external_account_number}","transactions":[{"transaction_id":"a","transaction_date":"2026-03-01","amount":1,"type":"CHARGE","line_items":${'['.repeat(100000)}${']'.repeat(100000)}}]}`, `{"import_supplier":"ACME","external_account_number":"${acct.external_account_number}","transactions":[${'['.repeat(100000)}${']'.repeat(100000)}]}`, '{"import_supplier":"ACME","external_account_number":"x","notes":[{"body":"x"}],"notes":1}', '1e400', '{"a":1e400}', '"\\ud800"', `{"import_supplier":"ACME","external_account_number":"${acct.external_account_number}","transactions":[{"transaction_id":"z","transaction_date":"2026-03-01","amount":1e400,"type":"CHARGE"}]}`, `{"import_supplier":"ACME","external_account_number":"${acct.external_account_number}","transactions":[{"transaction_id":"z","transaction_date":"2026-03-01","amount":-0,"type":"CHARGE"}]}`];
  for (const b of rawBodies) {
    const r = await api('POST', '/v1/data-import/transactions/create/', { token, rawBody: b });
    console.log(r.status, b.slice(0, 50), r.text.slice(0, 300));
  }
  const paths = ['/v1/data-import/account-transfer-status/ACME/%00/', '/v1/data-import/account-transfer-status/ACME/../', '/v1/data-import/account-transfer-status/ACME/a%2Fb/', '/v1/data-import/account-transfer-status/ACME/%ZZ/', `/v1/data-import/account-transfer-status/ACME/${'x'.repeat(5000)}/`, `/v1/data-import/account-transfer-status/ACME/${'x'.repeat(500000)}/`, '/v1/data-import/account-transfer-status/%41CME/x/', '/v1/data-import/account-transfer-status/ACME/%ED%A0%80/', '/v1/data-import/all-account-import-processes/ACME/?page_size=1&cursor=%00', '/v1/data-import/all-account-import-processes/ACME/?page_size=1e3', '/v1/data-import/all-account-import-processes/ACME/?page_size=1&page_size=2', '/v1/data-import/all-account-import-processes/ACME/?cursor=c1.%E2%80%AE.x', '/v1/data-import/all-account-import-processes/%00/', '/v1/data-import/all-account-import-processes/' + 'A'.repeat(2000) + '/', '/v1/data-import/all-account-import-processes/ACME/?%ZZ=1&page_size=%ZZ'];
  for (const p of paths) {
    const r = await raw('GET', p, token).catch((e) => ({ status: -1, text: String(e) }));
    console.log(r.status, p.slice(0, 90), r.text.slice(0, 200));
  }
  const ext = `${acct.external_account_number}`;
  const r2 = await raw('GET', `/v1/data-import/account-transfer-status/ACME/${ext}%23x/`, token);
  console.log(r2.status, r2.text);
}, 120_000);
