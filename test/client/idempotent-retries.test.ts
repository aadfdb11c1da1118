import { describe, expect, it } from 'vitest';
import { createDataImportClient } from '../../client/data-import-client.js';
import { fromNow, HOUR, schedule, v2Paths } from '../account-tasks/support.js';
import { accountPayload } from '../accounts/support/accounts.js';
import { importAccount, meterPointPaths } from '../meter-points/support/meter-points-api.js';
import { obtainToken } from '../support/auth.js';

/**
 * A retry after a lost answer: the typed client's fetch gets the server's answer to the first
 * request to `path` and loses it (the connection breaks as the answer arrives), so the client
 * sends the request again, with the same `Idempotency-Key`.
 */
function clientLosingFirstAnswerTo(path: string) {
  const lost: Request[] = [];
  const client = createDataImportClient({
    baseUrl: process.env.DATA_IMPORT_URL ?? '',
    apiKey: 'local-dev-key-acme',
    sleep: async () => undefined,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const response = await fetch(request.clone());
      if (lost.length === 0 && new URL(request.url).pathname === path) {
        lost.push(request);
        await response.arrayBuffer();
        throw new TypeError('fetch failed');
      }
      return response;
    },
  });
  return { client, lost };
}

async function post(client: ReturnType<typeof createDataImportClient>, path: string, body: unknown) {
  const response = await client.send(
    new Request(`${client.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  return {
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    json: (await response.json()) as any,
    status: response.status,
    replayed: response.headers.get('idempotent-replayed'),
  };
}

describe('The typed client’s retry of a POST after a lost answer gets the first answer', () => {
  it('cancel: the retried cancel answers 200 CANCELLED, as the cancel that succeeded did (not 409 import_process_not_pending)', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    expect((await schedule(token, payload, { schedule_window_start: fromNow(HOUR) })).status).toBe(201);
    const path = v2Paths.cancel('ACME', payload.external_account_number);
    const { client, lost } = clientLosingFirstAnswerTo(path);

    // Act
    const answer = await post(client, path, {});

    // Assess
    expect(lost).toHaveLength(1);
    expect(answer.status).toBe(200);
    expect(answer.json.status).toBe('CANCELLED');
    expect(answer.replayed).toBe('true');
  });

  it('registration flows: the retry reports the meter points the first call requested as requested (not as errors)', async () => {
    // Prepare
    const token = await obtainToken();
    const { external } = await importAccount(token);
    const path = meterPointPaths.registrationFlows('ACME', external);
    const { client, lost } = clientLosingFirstAnswerTo(path);

    // Act
    const answer = await post(client, path, {});

    // Assess
    expect(lost).toHaveLength(1);
    expect(answer.status).toBe(200);
    expect(answer.json.meter_points.map((point: { status: string }) => point.status)).toEqual([
      'REGISTRATION_FLOW_SUCCESS',
      'REGISTRATION_FLOW_SUCCESS',
    ]);
    expect(answer.replayed).toBe('true');
  });

  it('schedule: the retry answers 201 with the task the first call created (not 200 replacing it)', async () => {
    // Prepare
    const payload = accountPayload();
    const { client, lost } = clientLosingFirstAnswerTo(v2Paths.schedule);

    // Act
    const answer = await post(client, v2Paths.schedule, {
      payload,
      task_params: { schedule_window_start: fromNow(HOUR) },
    });

    // Assess
    expect(lost).toHaveLength(1);
    expect(answer.status).toBe(201);
    expect(answer.json.latest_event.event).toBe('EVENT_ACCOUNT_IMPORT_PROCESS_CREATED');
    expect(answer.replayed).toBe('true');
    const status = await client.getJson<{ created_at: string; modified_at: string }>(
      v2Paths.status('ACME', payload.external_account_number),
    );
    expect(status.body?.modified_at).toBe(answer.json.modified_at);
  });
});
