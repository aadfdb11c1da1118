import { createHash } from 'node:crypto';
import {
  loadLine,
  STEP_PATHS,
  type StepAnswer,
  type StepRecord,
  type StepSender,
} from '../../functions/rules/bulk-jobs/load-line.js';
import { jsonText } from '../../functions/rules/values/json-text.js';
import { type DataImportClient, IDEMPOTENCY_KEY } from '../data-import-client.js';
import { TokenError } from '../token-provider.js';
import type { InputLine, LineAccount } from './input-file.js';
import type { Journal, LineResult, StepEntry } from './journal.js';

export { stepErrors } from '../../functions/rules/bulk-jobs/load-line.js';

/**
 * The `Idempotency-Key` of a step's request: derived from the line's text, the step and the body
 * it sends, and the refusals the journal holds for the line (a `--retry` of a refused
 * line is a new request). A step sent again after a lost answer, by the client's retries or by
 * the next run after a crash, sends the same key and gets the first answer.
 */
export function stepKey(lineHash: string, refusals: number, step: string, body: string): string {
  const digest = createHash('sha256').update(`${lineHash}\n${refusals}\n${step}\n${body}`).digest('hex');
  return `etl-${digest}`;
}

/**
 * Sends a step's request over HTTP with the client (token, retries on 429 / 5xx / in progress
 * honouring `Retry-After`) under the key `keyOf` gives (default: the client's own per call); a
 * request that cannot reach the API is a network error. A refused API key ends the whole load
 * (no line can succeed): it is thrown, and the CLI says so once.
 */
export function httpStepSender(
  client: DataImportClient,
  keyOf?: (step: string, body: string) => string,
): StepSender {
  return async (step, body): Promise<StepAnswer> => {
    let response: Response;
    try {
      const text = jsonText(body);
      response = await client.send(
        new Request(`${client.baseUrl}${STEP_PATHS[step]}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(keyOf ? { [IDEMPOTENCY_KEY]: keyOf(step, text) } : {}),
          },
          body: text,
        }),
      );
    } catch (error) {
      if (error instanceof TokenError) throw error;
      return { networkError: (error as Error).message };
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed };
  };
}

export interface LoadAccountOptions {
  /** Send again the steps the journal holds as refused (`etl load --retry`): their cause may be fixed. */
  retryRefused?: boolean;
}

/** The journal's steps of this line's text (refused ones left out when retried), and the journal as the place to record new ones. */
function journalSteps(journal: Journal, input: InputLine, retryRefused: boolean): StepRecord {
  const recorded = new Map<string, StepEntry>();
  for (const entry of journal.entries) {
    if (!('step' in entry) || entry.line !== input.line || entry.hash !== input.hash) continue;
    if (entry.ok || !retryRefused) recorded.set(entry.step, entry);
  }
  return {
    recorded,
    record: (entry) => {
      journal.append(entry);
      recorded.set(entry.step, entry);
    },
  };
}

/**
 * Loads one line's account over the API (functions/rules/bulk-jobs/load-line.ts says how), journaled:
 * a step the journal holds for this line's text is not sent again; every step sent is
 * journaled (fsynced) once its answer is final.
 */
export function loadAccount(
  client: DataImportClient,
  journal: Journal,
  input: InputLine & { account: LineAccount },
  supplier: string,
  options: LoadAccountOptions = {},
): Promise<{ result: LineResult; final: boolean }> {
  const refusals = journal.entries.filter(
    (entry) => 'step' in entry && entry.line === input.line && entry.hash === input.hash && !entry.ok,
  ).length;
  const keyOf = (step: string, body: string) => stepKey(input.hash, refusals, step, body);
  return loadLine(httpStepSender(client, keyOf), input, supplier, {
    steps: journalSteps(journal, input, options.retryRefused ?? false),
  });
}
