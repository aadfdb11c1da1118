import { createHash } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { type ApiFunctionId, apiFunctions, publicPath } from '../../../infra/routes.js';
import { accountPayload } from '../../accounts/support/accounts.js';
import { proxyEvent } from '../../support/in-process.js';
import type { Step, Subject } from './world.js';

/**
 * Lambda events of the API routes as API Gateway hands them to a function after the
 * authorizer (the route and its method from infra/routes.ts, the organisation's scope being the
 * subject's supplier), and the preparation steps that bring a subject to a path's start.
 * Every POST carries an `Idempotency-Key` derived from the request, as the ETL kit sends one: a
 * client's retry (the same request) sends the same key. The subject keeps the keys it used
 * (`data.idempotencyKeys`), so the harness finds the claims they hold.
 */
export function apiEvent(
  id: ApiFunctionId,
  subject: Subject,
  body?: unknown,
  parameters: Record<string, string> = {},
): APIGatewayProxyEvent {
  const definition = apiFunctions.find((candidate) => candidate.id === id);
  if (!definition) throw new Error(`no route ${id}`);
  const path = publicPath(definition.route.path).replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(parameters[name] ?? ''),
  );
  const key = `crash-points/${id}/${createHash('sha256')
    .update(`${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex')}`;
  subject.data.idempotencyKeys ??= [];
  const used = subject.data.idempotencyKeys as string[];
  if (definition.route.method === 'POST' && !used.includes(key)) used.push(key);
  return proxyEvent({
    method: definition.route.method,
    path,
    ...(body === undefined ? {} : { body }),
    suppliers: [subject.supplier],
    organisation: organisationOf(subject),
    ...(definition.route.method === 'POST'
      ? {
          headers: {
            'content-type': 'application/json',
            Host: '127.0.0.1:3000',
            'Idempotency-Key': key,
          },
        }
      : {}),
  });
}

/** The organisation whose token the subject's requests carry. */
export const organisationOf = (subject: Subject) => `crash-points-${subject.supplier.toLowerCase()}`;

/** The external number of the subject's account `index` (0: its own; others share its supplier). */
export const externalOf = (subject: Subject, index = 0) =>
  index === 0 ? subject.external : `${subject.external}-${index}`;

/** The path parameters of the subject's account. */
export const accountParameters = (subject: Subject, index = 0) => ({
  import_supplier: subject.supplier,
  external_account_number: externalOf(subject, index),
});

/** The account reference post-import bodies carry. */
export const accountRef = accountParameters;

/**
 * The payload of the subject's account `index` (every documented field, two meter points),
 * made once: its meter point identifiers become tokens of the subject, so two runs compare equal.
 */
// biome-ignore lint/suspicious/noExplicitAny: payloads are built freely
export function payloadOf(subject: Subject, index = 0): Record<string, any> {
  subject.data.payloads ??= {};
  if (!subject.data.payloads[index]) {
    const payload = accountPayload({ external_account_number: externalOf(subject, index) }, subject.supplier);
    subject.data.payloads[index] = payload;
    const mpxns: string[] = payload.supply_addresses.flatMap(
      (address: { meter_points: { identifier: string }[] }) =>
        address.meter_points.map((point) => point.identifier),
    );
    subject.data.tokens = {
      ...subject.data.tokens,
      ...Object.fromEntries(mpxns.map((mpxn, j) => [index === 0 ? `mpxn${j}` : `a${index}mpxn${j}`, mpxn])),
    };
  }
  return subject.data.payloads[index];
}

export const stageStep = (subject: Subject, index = 0): Step => ({
  functionId: 'stage-account',
  event: apiEvent('stage-account', subject, payloadOf(subject, index)),
});

export const processStep = (subject: Subject, index = 0): Step => ({
  functionId: 'process-account',
  event: apiEvent('process-account', subject, { ...accountRef(subject, index), dry_run: false }),
});

/** Staged and created: the start of every post-import path. */
export const importSteps = (subject: Subject, index = 0): Step[] => [
  stageStep(subject, index),
  processStep(subject, index),
];

/** A date-time `ms` from now, in the API's form. */
export const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export const scheduleStep = (
  subject: Subject,
  taskParams: Record<string, unknown> = {},
  index = 0,
): Step => ({
  functionId: 'schedule-account-task',
  event: apiEvent('schedule-account-task', subject, {
    payload: payloadOf(subject, index),
    task_params: taskParams,
  }),
});
