import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { CompiledEventPattern } from './event-pattern.js';
import { compileRulePattern, type LocalRule, loadRules } from './event-rules.js';
import { appendLines } from './json-lines-file.js';
import { type EventEnvelope, type RequestEntry, type ResultEntry, toEnvelope } from './put-events-entry.js';

export type { EventEnvelope } from './put-events-entry.js';

/**
 * The local EventBridge endpoint. It speaks the AWS JSON 1.1 protocol for
 * `PutEvents` (`X-Amz-Target: AWSEvents.PutEvents`), so the real @aws-sdk/client-eventbridge
 * works unchanged when AWS_ENDPOINT_URL_EVENTBRIDGE points here.
 *
 * Every accepted entry is appended ONCE, whatever the rules, as the full envelope a
 * subscriber receives, as one JSON line to the events file (the bus's archive). Rules from
 * the rules file (./event-rules.ts) and the local subscribers (./local-subscribers.ts) deliver
 * matching envelopes to their own JSONL files.
 */
export interface EventBridgeLocalOptions {
  port: number;
  eventsFile: string;
  rulesFile: string;
  /** Rules that deliver to the local subscribers (./local-subscribers.ts), in addition to the rules file. */
  subscriberRules?: readonly LocalRule[];
  /** Rules whose target is a function of the service (invoked asynchronously, as EventBridge does). */
  functionRules?: readonly LocalFunctionRule[];
  region: string;
  account?: string;
  /** The service's bus: function rules, like the stack's rules, see only events put to it. */
  busName?: string;
  log?: (line: string) => void;
}

export interface LocalFunctionRule {
  name: string;
  event_pattern: Record<string, unknown>;
  /** Runs the target function with one envelope; a failure is retried (as Lambda's async retries). */
  invoke(envelope: EventEnvelope): Promise<unknown>;
}

/** A function target runs once and is retried this often on failure (Lambda's asynchronous default). */
const FUNCTION_RETRIES = 2;

export interface EventBridgeLocal {
  endpoint: string;
  stop(): Promise<void>;
}

const MAX_ENTRIES = 10;
const MAX_REQUEST_BYTES = 256 * 1024;

function fileStamp(file: string): string {
  try {
    const stats = statSync(file);
    return `${stats.mtimeMs}:${stats.size}`;
  } catch {
    return 'missing';
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/x-amz-json-1.1',
    'content-length': Buffer.byteLength(text),
    'x-amzn-requestid': randomUUID(),
  });
  response.end(text);
}

const error = (type: string, message: string) => ({ __type: type, message });

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    request.on('end', () =>
      resolve(size > MAX_REQUEST_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')),
    );
    request.on('error', reject);
  });
}

export async function startEventBridgeLocal(options: EventBridgeLocalOptions): Promise<EventBridgeLocal> {
  const account = options.account ?? '000000000000';
  // Every pattern is compiled when its rule is loaded: a pattern EventBridge would refuse fails the
  // start (or the reload) naming the rule, and matching an event never throws.
  const patterns = new WeakMap<object, CompiledEventPattern>();
  const compiled = <R extends LocalRule | LocalFunctionRule>(rules: readonly R[], source: string): R[] => {
    for (const rule of rules) patterns.set(rule, compileRulePattern(rule, source));
    return [...rules];
  };
  const matches = (rule: LocalRule | LocalFunctionRule, envelope: EventEnvelope): boolean =>
    patterns.get(rule)?.matches(envelope) === true;
  const subscriberRules = compiled(options.subscriberRules ?? [], 'a local subscriber');
  const functionRules = compiled(options.functionRules ?? [], 'a function rule');
  // Rules load at start (a broken file fails the start) and reload when the file changes;
  // a file broken while running keeps the last good rules and logs why.
  let rules = compiled(loadRules(options.rulesFile), options.rulesFile);
  let rulesStamp = fileStamp(options.rulesFile);
  const currentRules = (): LocalRule[] => {
    const stamp = fileStamp(options.rulesFile);
    if (stamp === rulesStamp) return rules;
    rulesStamp = stamp;
    try {
      rules = compiled(loadRules(options.rulesFile), options.rulesFile);
    } catch (failure) {
      options.log?.(`eventbridge-local: rules file not reloaded: ${(failure as Error).message}`);
    }
    return rules;
  };
  const rulesFor = (bus: string): LocalRule[] =>
    [...currentRules(), ...subscriberRules].filter(
      (rule) => rule.enabled !== false && (!rule.event_bus_name || rule.event_bus_name === bus),
    );

  const putEvents = (body: { Entries?: unknown }): { status: number; body: unknown } => {
    const entries = body.Entries;
    if (!Array.isArray(entries) || entries.length === 0 || entries.length > MAX_ENTRIES) {
      return {
        status: 400,
        body: error('ValidationException', `Entries must hold 1 to ${MAX_ENTRIES} entries.`),
      };
    }
    const results: ResultEntry[] = [];
    const accepted: { envelope: EventEnvelope; bus: string }[] = [];
    for (const entry of entries as RequestEntry[]) {
      const outcome = toEnvelope(entry ?? {}, options.region, account);
      if ('id' in outcome) {
        results.push({ EventId: outcome.id });
        accepted.push({
          envelope: outcome,
          bus: typeof entry.EventBusName === 'string' ? entry.EventBusName : 'default',
        });
      } else {
        results.push(outcome);
      }
    }
    appendLines(
      options.eventsFile,
      accepted.map((a) => a.envelope),
    );
    deliver(accepted);
    return {
      status: 200,
      body: { FailedEntryCount: results.filter((r) => r.ErrorCode).length, Entries: results },
    };
  };

  const deliver = (accepted: { envelope: EventEnvelope; bus: string }[]): void => {
    if (accepted.length === 0) return;
    const byTarget = new Map<string, EventEnvelope[]>();
    // The rules file is checked once per request, not once per entry.
    const rulesByBus = new Map<string, LocalRule[]>();
    for (const { envelope, bus } of accepted) {
      const busRules = rulesByBus.get(bus) ?? rulesFor(bus);
      rulesByBus.set(bus, busRules);
      for (const rule of busRules) {
        if (!matches(rule, envelope)) continue;
        byTarget.set(rule.target, [...(byTarget.get(rule.target) ?? []), envelope]);
      }
    }
    for (const [target, envelopes] of byTarget) appendLines(target, envelopes);
    for (const { envelope, bus } of accepted) {
      for (const rule of functionRules) {
        if (bus !== options.busName) continue;
        if (matches(rule, envelope)) void invokeWithRetries(rule, envelope);
      }
    }
  };

  const invokeWithRetries = async (rule: LocalFunctionRule, envelope: EventEnvelope) => {
    for (let attempt = 0; attempt <= FUNCTION_RETRIES; attempt++) {
      try {
        await rule.invoke(envelope);
        return;
      } catch (failure) {
        options.log?.(
          `eventbridge-local: ${rule.name} failed on ${envelope.id}: ${(failure as Error).message}`,
        );
      }
    }
  };

  const server = createServer(async (request, response) => {
    try {
      const target = request.headers['x-amz-target'];
      if (request.method !== 'POST') {
        send(response, 400, error('UnknownOperationException', 'Only POST is supported.'));
        return;
      }
      const raw = await readBody(request);
      if (raw === undefined) {
        send(response, 413, error('ValidationException', 'Request is too large.'));
        return;
      }
      if (target !== 'AWSEvents.PutEvents') {
        send(
          response,
          400,
          error('UnknownOperationException', `Operation ${String(target)} is not supported locally.`),
        );
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        send(response, 400, error('SerializationException', 'Request body is not valid JSON.'));
        return;
      }
      const result = putEvents((body ?? {}) as { Entries?: unknown });
      send(response, result.status, result.body);
    } catch (failure) {
      options.log?.(`eventbridge-local: ${(failure as Error).message}`);
      send(response, 500, error('InternalException', 'Internal error.'));
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
