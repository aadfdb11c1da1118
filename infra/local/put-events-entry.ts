import { randomUUID } from 'node:crypto';

/**
 * The entries of a local `PutEvents` call: each accepted one becomes the full envelope a
 * subscriber receives; a bad one gets EventBridge's per-entry error code.
 */
export interface EventEnvelope {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: unknown;
}

export interface RequestEntry {
  Source?: unknown;
  DetailType?: unknown;
  Detail?: unknown;
  Resources?: unknown;
  Time?: unknown;
  EventBusName?: unknown;
}

export interface ResultEntry {
  EventId?: string;
  ErrorCode?: string;
  ErrorMessage?: string;
}

function eventTime(time: unknown): string {
  // The SDK sends timestamps as epoch seconds; ISO strings are accepted too.
  const date =
    typeof time === 'number' ? new Date(time * 1000) : typeof time === 'string' ? new Date(time) : new Date();
  const valid = Number.isNaN(date.getTime()) ? new Date() : date;
  return valid.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function invalid(message: string): ResultEntry {
  return { ErrorCode: 'InvalidArgument', ErrorMessage: message };
}

export function toEnvelope(
  entry: RequestEntry,
  region: string,
  account: string,
): EventEnvelope | ResultEntry {
  if (typeof entry.Source !== 'string' || entry.Source === '')
    return invalid('Parameter Source is not valid.');
  if (typeof entry.DetailType !== 'string' || entry.DetailType === '') {
    return invalid('Parameter DetailType is not valid.');
  }
  if (typeof entry.Detail !== 'string') return invalid('Parameter Detail is not valid.');
  let detail: unknown;
  try {
    detail = JSON.parse(entry.Detail);
  } catch {
    return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
  }
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) {
    return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
  }
  const resources = Array.isArray(entry.Resources) ? entry.Resources.map(String) : [];
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': entry.DetailType,
    source: entry.Source,
    account,
    time: eventTime(entry.Time),
    region,
    resources,
    detail,
  };
}
