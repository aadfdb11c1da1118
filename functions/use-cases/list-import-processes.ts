import { listImportProcesses, type ProcessList } from '../store/import-process-list-store.js';

/** An item of endpoints 6–8 (spec: Account import process); `null`s while pending. */
export interface ImportProcessListItem {
  external_account_number: string;
  service_account_number: string | null;
  account_created_at: string | null;
}

export interface ImportProcessPage {
  items: ImportProcessListItem[];
  /** The last item's external account number when more items follow (the next cursor's position). */
  nextAfter?: string;
}

/** One page of the all / pending / imported list of a supplier. */
export async function importProcessPage(
  supplier: string,
  list: ProcessList,
  page: { pageSize: number; after?: string },
): Promise<ImportProcessPage> {
  const { items, more } = await listImportProcesses(supplier, list, {
    limit: page.pageSize,
    ...(page.after !== undefined ? { after: page.after } : {}),
  });
  const shaped = items.map((item) => ({
    external_account_number: item.external_account_number,
    service_account_number: list === 'PENDING' ? null : (item.service_account_number ?? null),
    account_created_at: list === 'PENDING' ? null : (item.account_created_at ?? null),
  }));
  const last = shaped.at(-1);
  return { items: shaped, ...(more && last ? { nextAfter: last.external_account_number } : {}) };
}
