import type { RequestCounter } from '../support/request-counter.js';
import type { TimedClient } from './http-client.js';
import { accountPayload, notesPayload, statementsPayload, transactionsPayload } from './payloads.js';
import { importAccounts } from './throughput.js';

/**
 * DynamoDB requests the service makes for one POST of each kind, on a warm function (the supplier
 * record cached): only what the API function sends, so the same on every run.
 */
export async function measureRequestCounts(client: TimedClient, counter: RequestCounter, supplier: string) {
  const [account] = await importAccounts(client, supplier, 'COUNT', 1, 1);
  const external = account!;
  const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

  // Imported here, once the runtime has set the environment the store reads at module scope.
  const { clearSupplierCache, getSupplier } = await import('../../functions/store/supplier-store.js');
  const countOf = async (what: string, send: () => Promise<{ status: number; json: unknown }>) => {
    // A warm function: the supplier record is in its cache (read here, outside any API invocation,
    // so not counted). Otherwise the 30 s cache would expire during some counts and not others.
    clearSupplierCache();
    await getSupplier(supplier);
    counter.reset();
    const result = await send();
    if (result.status >= 300)
      throw new Error(`${what}: HTTP ${result.status} ${JSON.stringify(result.json)}`);
    return { total: counter.total(), operations: counter.byOperation() };
  };

  const per100 = await countOf('100 transactions', () =>
    client.call('transactions', 'POST', '/v1/data-import/transactions/create/', {
      ...transactionsPayload(supplier, external, ids('C100', 100)),
    }),
  );
  const per1000 = await countOf('1000 transactions', () =>
    client.call('transactions', 'POST', '/v1/data-import/transactions/create/', {
      ...transactionsPayload(supplier, external, ids('C1000', 1000)),
    }),
  );
  const perNote = await countOf('note', () =>
    client.call(
      'notes',
      'POST',
      '/v1/data-import/notes/create/',
      notesPayload(supplier, external, 'Bench note'),
    ),
  );
  const perStatement = await countOf('statement', () =>
    client.call(
      'historical_statements',
      'POST',
      '/v1/data-import/historical-statements/create/',
      statementsPayload(supplier, external, 'STMT-1'),
    ),
  );
  // An ETL re-posting after a crash: every item already present, or the first half of them.
  const postTransactions = (what: string, list: string[]) =>
    countOf(what, () =>
      client.call('transactions', 'POST', '/v1/data-import/transactions/create/', {
        ...transactionsPayload(supplier, external, list),
      }),
    );
  const per100AllPresent = await postTransactions('100 present transactions', ids('C100', 100));
  const per1000AllPresent = await postTransactions('1000 present transactions', ids('C1000', 1000));
  await postTransactions('50 transactions', ids('H100', 50));
  const per100HalfPresent = await postTransactions('100 half-present transactions', ids('H100', 100));
  await postTransactions('500 transactions', ids('H1000', 500));
  const per1000HalfPresent = await postTransactions('1000 half-present transactions', ids('H1000', 1000));
  const perNotePresent = await countOf('present note', () =>
    client.call(
      'notes',
      'POST',
      '/v1/data-import/notes/create/',
      notesPayload(supplier, external, 'Bench note'),
    ),
  );
  const perStatementPresent = await countOf('present statement', () =>
    client.call(
      'historical_statements',
      'POST',
      '/v1/data-import/historical-statements/create/',
      statementsPayload(supplier, external, 'STMT-1'),
    ),
  );
  const twoNotes = notesPayload(supplier, external, 'Half note A');
  twoNotes.notes.push({ ...twoNotes.notes[0]!, body: 'Half note B' });
  await countOf('note', () =>
    client.call(
      'notes',
      'POST',
      '/v1/data-import/notes/create/',
      notesPayload(supplier, external, 'Half note A'),
    ),
  );
  const per2NotesHalfPresent = await countOf('half-present notes', () =>
    client.call('notes', 'POST', '/v1/data-import/notes/create/', twoNotes),
  );
  const twoStatements = statementsPayload(supplier, external, 'HALF-A');
  twoStatements.statements.push({
    ...twoStatements.statements[0]!,
    statement_id: 'HALF-B',
    number: 'S-HALF-B',
    bill_period_from_date: '2025-10-01',
    bill_period_to_date: '2025-10-31',
    issued_date: '2025-11-02',
  });
  await countOf('statement', () =>
    client.call(
      'historical_statements',
      'POST',
      '/v1/data-import/historical-statements/create/',
      statementsPayload(supplier, external, 'HALF-A'),
    ),
  );
  const per2StatementsHalfPresent = await countOf('half-present statements', () =>
    client.call(
      'historical_statements',
      'POST',
      '/v1/data-import/historical-statements/create/',
      twoStatements,
    ),
  );
  const perStage = await countOf('stage', () =>
    client.call(
      'stage',
      'POST',
      '/v1/data-import/account-import-process/create-or-update/',
      accountPayload(supplier, 'COUNT-STAGE-1'),
    ),
  );
  const perProcess = await countOf('process', () =>
    client.call('process', 'POST', '/v1/data-import/account-import-process/process/', {
      import_supplier: supplier,
      external_account_number: 'COUNT-STAGE-1',
    }),
  );
  return {
    per_100_transactions: per100.total,
    per_1000_transactions: per1000.total,
    per_note: perNote.total,
    per_statement: perStatement.total,
    per_stage: perStage.total,
    per_process: perProcess.total,
    all_present: {
      per_100_transactions: per100AllPresent.total,
      per_1000_transactions: per1000AllPresent.total,
      per_note: perNotePresent.total,
      per_statement: perStatementPresent.total,
    },
    half_present: {
      per_100_transactions: per100HalfPresent.total,
      per_1000_transactions: per1000HalfPresent.total,
      per_2_notes: per2NotesHalfPresent.total,
      per_2_statements: per2StatementsHalfPresent.total,
    },
    by_operation: {
      per_100_transactions: per100.operations,
      per_1000_transactions: per1000.operations,
      per_note: perNote.operations,
      per_statement: perStatement.operations,
      per_stage: perStage.operations,
      per_process: perProcess.operations,
      all_present_per_100_transactions: per100AllPresent.operations,
      all_present_per_1000_transactions: per1000AllPresent.operations,
      half_present_per_100_transactions: per100HalfPresent.operations,
      half_present_per_1000_transactions: per1000HalfPresent.operations,
      all_present_per_note: perNotePresent.operations,
      all_present_per_statement: perStatementPresent.operations,
      half_present_per_2_notes: per2NotesHalfPresent.operations,
      half_present_per_2_statements: per2StatementsHalfPresent.operations,
    },
  };
}
