import { expect } from 'vitest';
import { accountPayload, processAccount, stage } from '../../accounts/support/accounts.js';
import { api } from '../../support/http.js';
import { pollUntil } from '../../support/polling.js';

export const meterPointPaths = {
  statuses: (supplier: string, external: string) =>
    `/v1/data-import/meterpoint-statuses-for-account/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}/`,
  registrationFlows: (supplier: string, external: string) =>
    `/v1/data-import/send-registration-flows/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}/`,
};

// biome-ignore lint/suspicious/noExplicitAny: tests build payloads freely
export type Payload = Record<string, any>;

/** The payload's meter point identifiers in payload order. */
export function mpxnsOf(payload: Payload): string[] {
  return payload.supply_addresses.flatMap((address: Payload) =>
    address.meter_points.map((point: Payload) => point.identifier as string),
  );
}

/** Stages and processes a fresh account (or `payload`) over HTTP; returns it with its number. */
export async function importAccount(
  token: string,
  payload: Payload = accountPayload(),
): Promise<{ payload: Payload; external: string; serviceAccountNumber: string }> {
  expect((await stage(token, payload)).status).toBe(201);
  const created = await processAccount(token, payload.import_supplier, payload.external_account_number);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return {
    payload,
    external: payload.external_account_number,
    serviceAccountNumber: created.json.service_account_number,
  };
}

export function getStatuses(token: string, external: string, supplier = 'ACME') {
  return api('GET', meterPointPaths.statuses(supplier, external), { token });
}

export function sendRegistrationFlows(token: string, external: string, body?: unknown, supplier = 'ACME') {
  return api('POST', meterPointPaths.registrationFlows(supplier, external), {
    token,
    ...(body === undefined ? {} : { body }),
  });
}

/** Polls the statuses endpoint until `expected` holds (the lifecycle consumer runs asynchronously). */
export async function waitForStatuses(
  token: string,
  external: string,
  expected: (statuses: { mpxn: string; status: string }[]) => boolean,
  timeoutMs = 10_000,
): Promise<{ mpxn: string; status: string }[]> {
  const response = await pollUntil(
    () => getStatuses(token, external),
    (answer) => answer.status === 200 && expected(answer.json),
    {
      timeoutMs,
      intervalMs: 100,
      failure: (answer) => `statuses never matched: ${JSON.stringify(answer.json)}`,
    },
  );
  return response.json;
}
