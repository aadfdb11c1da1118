import type { DataImportClient } from '../data-import-client.js';
import { TokenError } from '../token-provider.js';
import type { AccountBundle, InputLine } from './bundle.js';
import type { Journal, LineResult, StepEntry, StepError } from './journal.js';

/** Items per POST: the API takes at most 1000 items per array. */
export const BATCH_SIZE = 1000;

const PATHS = {
  stage: '/v1/data-import/account-import-process/create-or-update/',
  process: '/v1/data-import/account-import-process/process/',
  transactions: '/v1/data-import/transactions/create/',
  notes: '/v1/data-import/notes/create/',
  statements: '/v1/data-import/historical-statements/create/',
  payment_instruction: '/v1/data-import/payment-instruction/create/',
} as const;

type StepName = keyof typeof PATHS;

interface StepOutcome {
  ok: boolean;
  /** The failure may go away if the same request is sent again later (5xx, 429, network). */
  transient: boolean;
  serviceAccountNumber?: string;
  errors: StepError[];
}

interface ErrorBody {
  code?: string;
  detail?: string;
  error_detail?: string;
  service_account_number?: string;
  errors?: { code?: string; attr?: string; detail?: string }[];
}

/** Shifts a batch-relative attr (`transactions.3.amount`) to the bundle's index. */
function bundleAttr(attr: string | null | undefined, offset: number): string | null {
  if (!attr) return null;
  return attr.replace(
    /^(transactions|notes|statements)\.(\d+)/,
    (_all, list, index) => `${list}.${Number(index) + offset}`,
  );
}

/**
 * The documented error bodies as result errors: one per `errors[]` item (the transactions'
 * TRANSACTION_IMPORT_ERROR body lists them too), else the top-level code.
 */
export function stepErrors(
  step: StepName,
  status: number,
  body: ErrorBody | undefined,
  offset = 0,
): StepError[] {
  if (body?.error_detail !== undefined && !body.errors?.length) {
    const attr = /^([\w.]+):/.exec(body.error_detail)?.[1];
    return [
      {
        step,
        code: body.code ?? 'transaction_import_error',
        attr: bundleAttr(attr, offset),
        detail: body.error_detail,
      },
    ];
  }
  const items = body?.errors ?? [];
  if (items.length > 0) {
    return items.map((item) => ({
      step,
      code: item.code ?? body?.code ?? `http_${status}`,
      attr: bundleAttr(item.attr, offset),
      detail: item.detail ?? body?.detail ?? '',
    }));
  }
  return [
    { step, code: body?.code ?? `http_${status}`, attr: null, detail: body?.detail ?? `HTTP ${status}` },
  ];
}

async function post(
  client: DataImportClient,
  step: StepName,
  body: Record<string, unknown>,
  offset = 0,
): Promise<StepOutcome> {
  let response: Response;
  try {
    response = await client.send(
      new Request(`${client.baseUrl}${PATHS[step]}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  } catch (error) {
    // A refused API key ends the whole load (no line can succeed): the CLI says so once.
    if (error instanceof TokenError) throw error;
    return {
      ok: false,
      transient: true,
      errors: [{ step, code: 'network_error', attr: null, detail: (error as Error).message }],
    };
  }
  const text = await response.text();
  let parsed: ErrorBody | undefined;
  try {
    parsed = text ? (JSON.parse(text) as ErrorBody) : undefined;
  } catch {
    parsed = undefined;
  }
  if (response.status === 200 || response.status === 201) {
    return { ok: true, transient: false, serviceAccountNumber: parsed?.service_account_number, errors: [] };
  }
  if (response.status === 409 && parsed?.code === 'account_import_process_already_imported') {
    return { ok: true, transient: false, serviceAccountNumber: parsed.service_account_number, errors: [] };
  }
  const transient =
    response.status === 429 || response.status >= 500 || parsed?.code === 'import_process_in_progress';
  return { ok: false, transient, errors: stepErrors(step, response.status, parsed, offset) };
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH_SIZE)
    out.push(items.slice(start, start + BATCH_SIZE));
  return out;
}

/**
 * Loads one bundle, step after step: stage → process → transactions (batches of ≤ 1000, in
 * order) → notes → statements → payment instruction. A step the journal holds for this line's
 * text is not sent again; every step sent is journaled (fsynced) once its answer is final. A
 * failed stage or process ends the line (FAILED); a later failure is recorded and the next
 * kind of item is still posted (PARTIAL). A transaction batch that fails stops the later
 * batches, so transactions are never posted out of order.
 */
export interface LoadAccountOptions {
  /** Send again the steps the journal holds as refused (`etl load --retry`): their cause may be fixed. */
  retryRefused?: boolean;
  /** Called after each batch of transactions is answered (`sent`) or found done in the journal. */
  onTransactions?: (count: number, sent: boolean) => void;
}

export async function loadAccount(
  client: DataImportClient,
  journal: Journal,
  input: InputLine & { bundle: AccountBundle },
  supplier: string,
  options: LoadAccountOptions = {},
): Promise<{ result: LineResult; final: boolean }> {
  const { bundle, line, hash } = input;
  const external = bundle.account.external_account_number;
  const reference = { import_supplier: supplier, external_account_number: external };
  const done = new Map<string, StepEntry>();
  for (const entry of journal.entries) {
    if (!('step' in entry) || entry.line !== line || entry.hash !== hash) continue;
    if (entry.ok || !options.retryRefused) done.set(entry.step, entry);
  }
  const errors: StepError[] = [];
  let transient = false;
  let serviceAccountNumber: string | null = null;
  /** Whether the last `run` sent its request (false: the journal held its answer). */
  let sent = false;

  const run = async (
    key: string,
    step: StepName,
    body: Record<string, unknown>,
    offset = 0,
  ): Promise<boolean> => {
    const recorded = done.get(key);
    sent = !recorded;
    if (recorded) {
      serviceAccountNumber = recorded.service_account_number ?? serviceAccountNumber;
      errors.push(...(recorded.errors ?? []));
      return recorded.ok;
    }
    const outcome = await post(client, step, body, offset);
    serviceAccountNumber = outcome.serviceAccountNumber ?? serviceAccountNumber;
    errors.push(...outcome.errors);
    if (outcome.transient) {
      transient = true;
      return false;
    }
    const entry: StepEntry = { line, hash, step: key, ok: outcome.ok };
    if (outcome.serviceAccountNumber) entry.service_account_number = outcome.serviceAccountNumber;
    if (outcome.errors.length > 0) entry.errors = outcome.errors;
    journal.append(entry);
    done.set(key, entry);
    return outcome.ok;
  };

  const finish = (status: LineResult['status']) => ({
    result: {
      line,
      external_account_number: external,
      service_account_number: serviceAccountNumber,
      status,
      errors,
    },
    final: !transient,
  });

  if (bundle.account.import_supplier !== undefined && bundle.account.import_supplier !== supplier) {
    errors.push({
      step: 'stage',
      code: 'import_supplier_mismatch',
      attr: 'account.import_supplier',
      detail: `the account names import supplier ${String(bundle.account.import_supplier)}, the load is for ${supplier}`,
    });
    return finish('FAILED');
  }
  if (!(await run('stage', 'stage', { ...bundle.account, import_supplier: supplier })))
    return finish('FAILED');
  // Staging an account imported earlier answers its service account number: processing is done.
  if (!serviceAccountNumber && !(await run('process', 'process', reference))) return finish('FAILED');

  const batches = chunks(bundle.transactions ?? []);
  for (const [index, batch] of batches.entries()) {
    const ok = await run(
      `transactions.${index}`,
      'transactions',
      { ...reference, transactions: batch },
      index * BATCH_SIZE,
    );
    options.onTransactions?.(batch.length, sent);
    if (!ok) break;
  }
  for (const [index, batch] of chunks(bundle.notes ?? []).entries()) {
    await run(`notes.${index}`, 'notes', { ...reference, notes: batch }, index * BATCH_SIZE);
  }
  for (const [index, batch] of chunks(bundle.statements ?? []).entries()) {
    await run(`statements.${index}`, 'statements', { ...reference, statements: batch }, index * BATCH_SIZE);
  }
  if (bundle.payment_instruction) {
    await run('payment_instruction', 'payment_instruction', { ...reference, ...bundle.payment_instruction });
  }
  return finish(errors.length === 0 ? 'IMPORTED' : 'PARTIAL');
}
