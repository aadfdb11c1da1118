import { test } from 'vitest';
import { createImportedAccount } from '../post-import/support/imported-account.js';
import { exampleTransactions } from '../post-import/support/post-import-api.js';
import { api } from '../support/http.js';
import { createWorld } from './support/world.js';
test('sizes', async () => {
  const world = await createWorld('SZ');
  const mk = async () => { const a = await createImportedAccount({ supplier: world.supplier }); return { import_supplier: world.supplier, external_account_number: a.external_account_number }; };
  const pad = (p: string) => `${'./'.repeat(480)}${p}`;
  let r = await api('POST', '/v1/data-import/notes/create/', { token: world.token, body: { ...(await mk()), notes: [{ body: 'x', document_paths: Array.from({ length: 1000 }, () => ({ document_path: pad(world.documentPath) })) }] } });
  console.log('a', r.status, r.text.slice(0, 200));
  const li = (n: number) => Array.from({ length: n }, () => ({ rate_band: 'CONSUMPTION_STANDARD', start_date: '2026-01-01', end_date: '2026-01-31', number_of_units: 1, net_amount: 1, price_per_unit: 1, units: Array.from({ length: 100 }, (_, i) => i + 0.5) }));
  r = await api('POST', '/v1/data-import/transactions/create/', { token: world.token, body: { ...(await mk()), transactions: [{ ...exampleTransactions.supplyCharge('Z1', '2026-01-05'), line_items: li(1000) }] } });
  console.log('b', r.status, r.text.slice(0, 200));
  r = await api('POST', '/v1/data-import/transactions/create/', { token: world.token, body: { ...(await mk()), transactions: Array.from({ length: 98 }, (_, i) => ({ ...exampleTransactions.supplyCharge(`Z${i}`, '2026-01-05'), display_note: 'd'.repeat(10000), product_code: 'p'.repeat(10000), line_items: li(40) })) } });
  console.log('c', r.status, r.text.slice(0, 200));
}, 120000);
