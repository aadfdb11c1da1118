import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { indexKeys, keys } from '../../functions/store/keys.js';
import { percentile, type TimedClient } from './http-client.js';
import { seedProcesses } from './throughput.js';

/** Imported import processes written straight into the table, as the lifecycle stores them. */
function processItem(supplier: string, index: number): Record<string, unknown> {
  const external = `L-${String(index).padStart(7, '0')}`;
  const serviceNumber = `A-${index.toString(16).toUpperCase().padStart(8, '0')}`;
  return {
    ...keys.importProcess(supplier, external),
    ...indexKeys.allProcesses(supplier, external),
    ...indexKeys.processesInState(supplier, 'IMPORTED', external),
    entity: 'ImportProcess',
    import_supplier: supplier,
    external_account_number: external,
    status: 'COMPLETED',
    lifecycle: 'IMPORTED',
    staged_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    service_account_number: serviceNumber,
    account_created_at: '2026-01-02T00:00:00Z',
    ledger_number: `L-${serviceNumber.slice(2)}`,
    open_statement_period_start: '2026-01-01',
  };
}

/** p50 of a full listing page for a supplier with `small` and with `large` accounts, same page size. */
export async function measureListing(
  client: TimedClient,
  documents: DynamoDBDocumentClient,
  tableName: string,
  options: { small: number; large: number; pageSize: number },
) {
  await seedProcesses(documents, tableName, (i) => processItem('LIST-SMALL', i), options.small);
  await seedProcesses(documents, tableName, (i) => processItem('LIST-LARGE', i), options.large);
  const p50 = async (supplier: string) => {
    const samples: number[] = [];
    for (let run = 0; run < 30; run++) {
      const started = performance.now();
      const result = await client.call(
        'list_all',
        'GET',
        `/v1/data-import/all-account-import-processes/${supplier}/?page_size=${options.pageSize}`,
      );
      if (result.status !== 200 || !Array.isArray(result.json) || result.json.length === 0) {
        throw new Error(`listing ${supplier}: HTTP ${result.status}`);
      }
      samples.push(performance.now() - started);
    }
    return percentile(samples, 50);
  };
  const small = await p50('LIST-SMALL');
  const large = await p50('LIST-LARGE');
  // Keys as the issue names them; `accounts_*` say what the run really used (flags can change them).
  return {
    page_size: options.pageSize,
    accounts_large: options.large,
    accounts_small: options.small,
    p50_ms_10k: large,
    p50_ms_100: small,
    ratio_10k_to_100: Math.round((large / small) * 100) / 100,
  };
}
