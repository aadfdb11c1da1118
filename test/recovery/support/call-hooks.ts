import { createRequire } from 'node:module';

/**
 * Where a function's calls leave the process, for the crash-point harness's child
 * (./child-runner.ts). Every AWS SDK v3 client sends through `@smithy/node-http-handler`, which
 * takes `request` from `node:http` when its first request goes out; the document check (S3 HEAD,
 * signed by hand) and the payment vendor adapter use the global `fetch`. Node's built-in
 * modules are shared by every bundle, so wrapping them here reaches the SDK copy inside the
 * deployed bundle without changing a byte of it.
 *
 * Each call gets a number in the order it starts (1, 2, …). The hooks report two moments per
 * call: `before` (nothing has left the process yet) and `after` (the whole answer has arrived,
 * and the code that asked has not seen it yet).
 */
export type CallMoment = 'before' | 'after';

export interface CallLabel {
  /** `dynamodb`, `sqs`, `s3`, `events`, `vendor` or the host. */
  service: string;
  /** `TransactWriteItems`, `SendMessageBatch`, `HEAD`, … */
  operation: string;
}

export type CallObserver = (k: number, moment: CallMoment, label: CallLabel) => void;

const require = createRequire(import.meta.url);

type Headers = Record<string, string | string[] | number | undefined>;

function headerOf(headers: unknown, name: string): string | undefined {
  if (!headers || typeof headers !== 'object') return undefined;
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  for (const [key, value] of Object.entries(headers as Headers)) {
    if (key.toLowerCase() === name) return String(value);
  }
  return undefined;
}

/** The service of an endpoint, from the endpoints the harness gave the child. */
function serviceOf(host: string, services: Record<string, string>): string {
  return services[host] ?? host;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Installs the hooks; `observe` is called synchronously at each moment (it may end the process). */
export function installCallHooks(services: Record<string, string>, observe: CallObserver): void {
  let calls = 0;
  const http = require('node:http') as typeof import('node:http');
  const original = http.request;
  const wrapped = function request(this: unknown, ...args: unknown[]) {
    const options = (typeof args[0] === 'object' && args[0] !== null ? args[0] : {}) as {
      host?: string;
      hostname?: string;
      port?: number | string;
      headers?: Headers;
      method?: string;
    };
    const host = `${options.hostname ?? options.host ?? ''}${options.port ? `:${options.port}` : ''}`;
    const target = headerOf(options.headers, 'x-amz-target');
    const label = {
      service: serviceOf(host, services),
      operation: target ? (target.split('.').at(-1) ?? target) : (options.method ?? 'GET'),
    };
    const k = ++calls;
    observe(k, 'before', label);
    const outgoing = (original as (...a: unknown[]) => import('node:http').ClientRequest).apply(this, args);
    outgoing.on('response', (response) => {
      response.on('end', () => observe(k, 'after', label));
    });
    return outgoing;
  };
  http.request = wrapped as typeof http.request;
  // ESM importers of node:http see the patched export too.
  (require('node:module') as typeof import('node:module')).syncBuiltinESMExports();

  const originalFetch = globalThis.fetch;
  globalThis.fetch = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const label = {
      service: serviceOf(hostOf(url), services),
      operation: init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET'),
    };
    const k = ++calls;
    observe(k, 'before', label);
    const response = await originalFetch(input, init);
    // The whole answer has arrived before the caller sees it.
    const body = await response.arrayBuffer();
    observe(k, 'after', label);
    return new Response(body.byteLength > 0 ? body : null, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
