import type { DataImportClient } from '../data-import-client.js';
import type { TokenHolder } from '../token-provider.js';
import { SetupError } from './api-access.js';

/**
 * The supplier `--supplier` names can take lines: `load` and `submit` read its summary
 * (`GET /v1/data-import/import-suppliers/<code>/`) before the first line, so that an unknown
 * supplier (a typo), one outside the key's scope, or one that is not `Ongoing` ends the run
 * with one sentence (`SetupError`: exit 2) instead of failing every line.
 */
export async function checkSupplier(
  client: DataImportClient,
  supplier: string,
  holder: TokenHolder,
): Promise<void> {
  const { status, body } = await client.getJson<{ status?: string }>(
    `/v1/data-import/import-suppliers/${encodeURIComponent(supplier)}/`,
  );
  if (status === 200 && body?.status === 'Ongoing') return;
  const scope = holder.suppliers.length > 0 ? holder.suppliers.join(', ') : 'none';
  if (status === 200) {
    throw new SetupError(
      `the import supplier ${supplier} is ${body?.status}, not Ongoing, so the API refuses its lines: ` +
        `an operator sets it back with npm run ops -- supplier set-status ${supplier} Ongoing.`,
    );
  }
  if (status === 404) {
    throw new SetupError(
      `no import supplier has the code ${supplier}: check --supplier (your API key's suppliers: ${scope}).`,
    );
  }
  if (status === 403) {
    throw new SetupError(
      `the import supplier ${supplier} is outside your API key's scope (its suppliers: ${scope}): ` +
        'check --supplier, or ask the operator to add it to your organisation.',
    );
  }
  throw new Error(`the supplier summary of ${supplier} answered ${status}`);
}
