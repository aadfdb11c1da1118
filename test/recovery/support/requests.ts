import type { APIGatewayProxyEvent } from 'aws-lambda';
import { type ApiFunctionId, apiFunctions, publicPath } from '../../../infra/routes.js';
import { accountPayload } from '../../accounts/support/accounts.js';
import { proxyEvent } from '../../support/in-process.js';
import type { Step, Subject } from './world.js';

/**
 * Lambda events of the API routes as API Gateway hands them to a function after the
 * authorizer (the route and its method from infra/routes.ts, the organisation's scope being the
 * subject's supplier), and the preparation steps that bring a subject to a path's start.
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
  return proxyEvent({
    method: definition.route.method,
    path,
    ...(body === undefined ? {} : { body }),
    suppliers: [subject.supplier],
    organisation: `crash-points-${subject.supplier.toLowerCase()}`,
  });
}

/** The subject's path parameters. */
export const accountParameters = (subject: Subject) => ({
  import_supplier: subject.supplier,
  external_account_number: subject.external,
});

/** The subject's account reference, as post-import bodies carry it. */
export const accountRef = (subject: Subject) => ({
  import_supplier: subject.supplier,
  external_account_number: subject.external,
});

/**
 * The subject's account payload (every documented field, two meter points), made once: its
 * meter point identifiers are tokens of the subject, so two runs compare equal.
 */
// biome-ignore lint/suspicious/noExplicitAny: payloads are built freely
export function payloadOf(subject: Subject): Record<string, any> {
  if (!subject.data.payload) {
    const payload = accountPayload({ external_account_number: subject.external }, subject.supplier);
    subject.data.payload = payload;
    const mpxns = payload.supply_addresses.flatMap((address: { meter_points: { identifier: string }[] }) =>
      address.meter_points.map((point) => point.identifier),
    );
    subject.data.tokens = {
      ...subject.data.tokens,
      ...Object.fromEntries(mpxns.map((mpxn: string, index: number) => [`mpxn${index}`, mpxn])),
    };
  }
  return subject.data.payload;
}

export const stageStep = (subject: Subject): Step => ({
  functionId: 'stage-account',
  event: apiEvent('stage-account', subject, payloadOf(subject)),
});

export const processStep = (subject: Subject): Step => ({
  functionId: 'process-account',
  event: apiEvent('process-account', subject, { ...accountRef(subject), dry_run: false }),
});

/** Staged and created: the start of every post-import path. */
export const importSteps = (subject: Subject): Step[] => [stageStep(subject), processStep(subject)];

/** A date-time `ms` from now, in the API's form. */
export const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export const scheduleStep = (subject: Subject, taskParams: Record<string, unknown> = {}): Step => ({
  functionId: 'schedule-account-task',
  event: apiEvent('schedule-account-task', subject, { payload: payloadOf(subject), task_params: taskParams }),
});
