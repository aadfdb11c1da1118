import type { TaskMessage } from '../../functions/rules/account-task/engine.js';
import { api } from '../support/http.js';
import { pollUntil } from '../support/polling.js';

export const v2Paths = {
  validate: '/v2/data-import/accounts/validate/',
  schedule: '/v2/data-import/accounts/',
  status: (supplier: string, external: string) =>
    `/v2/data-import/accounts/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}/`,
  cancel: (supplier: string, external: string) =>
    `/v2/data-import/accounts/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}/cancel/`,
};

export function schedule(
  token: string,
  payload: Record<string, unknown>,
  taskParams: Record<string, unknown> = {},
) {
  return api('POST', v2Paths.schedule, { token, body: { payload, task_params: taskParams } });
}

/** A datetime `ms` from now, in the API's form. */
export function fromNow(ms: number, now = Date.now()): string {
  return new Date(now + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export const HOUR = 60 * 60 * 1000;

/** Polls the status endpoint until `done` holds (the shared runtime's worker runs the task). */
export async function waitForStatus(
  token: string,
  supplier: string,
  external: string,
  done: (status: string) => boolean,
  timeoutMs = 60_000,
) {
  return pollUntil(
    () => api('GET', v2Paths.status(supplier, external), { token }),
    (response) => response.status === 200 && done(response.json.status),
    {
      timeoutMs,
      intervalMs: 200,
      failure: (response) => `task still ${response.json?.status ?? response.status}`,
    },
  );
}

/** A queue that keeps what it is given (the engine tests hand tasks to the worker themselves). */
export function collectingQueue() {
  const sent: TaskMessage[] = [];
  return { sent, send: async (messages: readonly TaskMessage[]) => void sent.push(...messages) };
}

/**
 * The clock of tests that drive the engine themselves: a window from an hour ahead to three hours
 * ahead, so the shared runtime's own sweep, on real time, leaves their tasks alone.
 */
export function aheadClock(base = Date.now()) {
  const at = (ms: number) => new Date(base + ms);
  const start = HOUR;
  const end = 3 * HOUR;
  return { at, start, end, inWindow: (ms = 1000) => at(start + ms) };
}
