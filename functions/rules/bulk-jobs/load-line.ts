import { isRetryable } from '../retry-policy.js';
import { INVALID_LINE, type InputLine, type LineAccount } from './input-line.js';
import type { LineResult, StepEntry, StepError } from './line-result.js';

/**
 * How one line of an ETL input file is loaded, step after step, with the REST API's answers
 * read the same way whoever sends the requests: the ETL CLI sends them over HTTP
 * (client/etl/load-account.ts), a bulk job's worker hands them to the routes' own handlers in
 * its process (functions/use-cases/bulk-jobs/run-bulk-job-chunk.ts). So a line loaded either
 * way ends with the same status and the same `errors[]`.
 */

/** The REST route each step calls. */
export const STEP_PATHS = {
  validate: '/v1/data-import/validate-account/',
  stage: '/v1/data-import/account-import-process/create-or-update/',
  process: '/v1/data-import/account-import-process/process/',
} as const;

export type StepName = keyof typeof STEP_PATHS;

/**
 * What a step's request came to after the sender's own retries: the route's answer (status and
 * parsed JSON body, `undefined` when empty or not JSON), or a network failure.
 */
export type StepAnswer = { status: number; body: unknown } | { networkError: string };

/** Sends one step's request body to its route (POST, JSON). */
export type StepSender = (step: StepName, body: Record<string, unknown>) => Promise<StepAnswer>;

/** Steps already answered for good for this line's text (the CLI's journal), and where to note new ones. */
export interface StepRecord {
  recorded: ReadonlyMap<string, StepEntry>;
  record(entry: StepEntry): void;
}

export interface LoadLineOptions {
  /** The steps of this line already answered (the CLI's journal); none by default. */
  steps?: StepRecord;
}

const noRecord: StepRecord = { recorded: new Map(), record: () => undefined };

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
  /** On a staging's 409 `import_process_in_progress`: the account's creation has begun (process/ finishes it). */
  creation_begun?: boolean;
  service_account_number?: string;
  errors?: { code?: string; attr?: string; detail?: string }[];
}

/** The documented error bodies as result errors: one per `errors[]` item, else the top-level code. */
export function stepErrors(step: StepName, status: number, body: ErrorBody | undefined): StepError[] {
  const items = body?.errors ?? [];
  if (items.length > 0) {
    return items.map((item) => ({
      step,
      code: item.code ?? body?.code ?? `http_${status}`,
      attr: item.attr ?? null,
      detail: item.detail ?? body?.detail ?? '',
    }));
  }
  return [
    { step, code: body?.code ?? `http_${status}`, attr: null, detail: body?.detail ?? `HTTP ${status}` },
  ];
}

/** A route's answer read as a step's outcome. */
export function stepOutcome(step: StepName, answer: StepAnswer): StepOutcome {
  if ('networkError' in answer) {
    return {
      ok: false,
      transient: true,
      errors: [{ step, code: 'network_error', attr: null, detail: answer.networkError }],
    };
  }
  const parsed = answer.body as ErrorBody | undefined;
  if (answer.status === 200 || answer.status === 201) {
    return { ok: true, transient: false, serviceAccountNumber: parsed?.service_account_number, errors: [] };
  }
  if (answer.status === 409 && parsed?.code === 'account_import_process_already_imported') {
    return { ok: true, transient: false, serviceAccountNumber: parsed.service_account_number, errors: [] };
  }
  // A line loaded again after its creation began (a crash, a redelivery): the staged data stays as the
  // creation began with it, and the process step finishes the creation.
  if (step === 'stage' && answer.status === 409 && parsed?.creation_begun === true) {
    return { ok: true, transient: false, serviceAccountNumber: undefined, errors: [] };
  }
  const transient = isRetryable(answer.status, parsed?.code);
  return { ok: false, transient, errors: stepErrors(step, answer.status, parsed) };
}

/** The result of a line that is not an account. */
export function invalidLineResult(input: InputLine): LineResult {
  return {
    line: input.line,
    external_account_number: input.externalAccountNumber,
    service_account_number: null,
    status: 'FAILED',
    errors: [{ step: 'parse', code: INVALID_LINE, attr: null, detail: input.problem ?? 'not an account' }],
  };
}

/** An account that names another import supplier than the load's: the line fails before any step. */
function supplierMismatch(account: LineAccount, supplier: string): StepError | undefined {
  const named = account.import_supplier;
  if (named === undefined || named === supplier) return undefined;
  return {
    step: 'stage',
    code: 'import_supplier_mismatch',
    attr: 'import_supplier',
    detail: `the account names import supplier ${String(named)}, the load is for ${supplier}`,
  };
}

/**
 * Loads one line's account, step after step: stage (the whole account, with the notes,
 * statements, transactions and payment instructions it carries) → process (creation) → done.
 * A step `steps` holds for this line's text is not sent again; every step answered for good is
 * recorded there. A failed step ends the line FAILED; both done, it is IMPORTED (an account
 * imported before answers its service account number at staging: processing is done). `final`
 * is false when a transient failure is in the result (sending the line again may change it).
 */
export async function loadLine(
  send: StepSender,
  input: InputLine,
  supplier: string,
  options: LoadLineOptions = {},
): Promise<{ result: LineResult; final: boolean }> {
  if (!input.account) return { result: invalidLineResult(input), final: true };
  const steps = options.steps ?? noRecord;
  const account: LineAccount = input.account;
  const { line, hash } = input;
  const external = account.external_account_number;
  const errors: StepError[] = [];
  let transient = false;
  let serviceAccountNumber: string | null = null;

  const run = async (step: StepName, body: Record<string, unknown>): Promise<boolean> => {
    const recorded = steps.recorded.get(step);
    if (recorded) {
      serviceAccountNumber = recorded.service_account_number ?? serviceAccountNumber;
      errors.push(...(recorded.errors ?? []));
      return recorded.ok;
    }
    const outcome = stepOutcome(step, await send(step, body));
    serviceAccountNumber = outcome.serviceAccountNumber ?? serviceAccountNumber;
    errors.push(...outcome.errors);
    if (outcome.transient) {
      transient = true;
      return false;
    }
    const entry: StepEntry = { line, hash, step, ok: outcome.ok };
    if (outcome.serviceAccountNumber) entry.service_account_number = outcome.serviceAccountNumber;
    if (outcome.errors.length > 0) entry.errors = outcome.errors;
    steps.record(entry);
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

  const mismatch = supplierMismatch(account, supplier);
  if (mismatch) {
    errors.push(mismatch);
    return finish('FAILED');
  }
  if (!(await run('stage', { ...account, import_supplier: supplier }))) return finish('FAILED');
  // Staging an account imported earlier answers its service account number: processing is done.
  const reference = { import_supplier: supplier, external_account_number: external };
  if (!serviceAccountNumber && !(await run('process', reference))) return finish('FAILED');
  return finish('IMPORTED');
}

/**
 * A dry run of one line, as `--dry-run` runs it: the account validated (`validate-account/`),
 * nothing kept; IMPORTED when it passes, FAILED with the route's errors otherwise (an account
 * of another supplier fails as `loadLine` fails it, before any request). `final` as
 * for `loadLine`.
 */
export async function dryRunLine(
  send: StepSender,
  input: InputLine,
  supplier: string,
): Promise<{ result: LineResult; final: boolean }> {
  if (!input.account) return { result: invalidLineResult(input), final: true };
  const mismatch = supplierMismatch(input.account, supplier);
  if (mismatch) {
    const external_account_number = input.account.external_account_number;
    const result = { line: input.line, external_account_number, service_account_number: null };
    return { result: { ...result, status: 'FAILED', errors: [mismatch] }, final: true };
  }
  const answer = await send('validate', { ...input.account, import_supplier: supplier });
  const final = !stepOutcome('validate', answer).transient;
  const body = ('networkError' in answer ? undefined : answer.body) as
    | {
        code?: string;
        detail?: string;
        errors?: { code: string; attr: string; detail: string }[];
      }
    | undefined;
  const status = 'networkError' in answer ? 0 : answer.status;
  const errors =
    status === 200
      ? []
      : (body?.errors?.length
          ? body.errors
          : [
              {
                code: body?.code ?? ('networkError' in answer ? 'network_error' : `http_${status}`),
                attr: null,
                detail: body?.detail ?? ('networkError' in answer ? answer.networkError : ''),
              },
            ]
        ).map((item) => ({
          step: 'validate',
          code: item.code,
          attr: item.attr ?? null,
          detail: item.detail,
        }));
  return {
    result: {
      line: input.line,
      external_account_number: input.account.external_account_number,
      service_account_number: null,
      status: errors.length === 0 ? 'IMPORTED' : 'FAILED',
      errors,
    },
    final,
  };
}
