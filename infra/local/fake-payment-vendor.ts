/**
 * A fake payment vendor: a node:http server standing in for the vendor's HTTP API (Stripe-like), used by
 * the local runtime and the tests. It answers by reference prefix, like a vendor's test mode:
 *
 * - `GET /v1/payment_methods/pm_notfound_…`    → 404 `resource_missing` (the instruction does not exist)
 * - `GET /v1/payment_methods/pm_refusedkey_…`  → 401 `invalid_api_key` (the vendor refuses the service's key,
 *                                                 as after the key was revoked)
 * - `GET /v1/payment_methods/pm_unavailable_…` → 503 (the vendor is down)
 * - `GET /v1/payment_methods/pm_slow_…`        → answers only after `slowMs` (longer than the adapter's timeout)
 * - `GET /v1/payment_methods/pm_reset_…`       → destroys the socket without answering
 * - anything else                              → 200, a valid active card instruction echoing the reference
 *
 * Tests switch a vendor outage for one reference on and off, to model a vendor that recovers:
 * `PUT /__fake/outages/<reference>` (from then on it answers 503 for that reference) and
 * `DELETE /__fake/outages/<reference>` (it answers as above again). No authorization needed.
 *
 * Every request needs `Authorization: Bearer <any non-empty key>` (401 otherwise), like the real API.
 * `requestCount(reference)` tells tests how many times the adapter asked for a reference (retries).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface FakePaymentVendorOptions {
  /** Port to listen on; 0 (default) picks a free port. */
  port?: number;
  /** How long `pm_slow_…` references take to answer, in ms (default 15 000). */
  slowMs?: number;
}

export interface FakePaymentVendor {
  url: string;
  /** How many requests the vendor received for this reference (all paths). */
  requestCount(reference: string): number;
  stop(): Promise<void>;
}

const PAYMENT_METHOD_PATH = /^\/v1\/payment_methods\/([^/?#]+)$/;
const OUTAGE_PATH = /^\/__fake\/outages\/([^/?#]+)$/;

function sendJson(response: ServerResponse, statusCode: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(statusCode, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function vendorError(type: string, code: string, message: string) {
  return { error: { type, code, message } };
}

/** A deterministic, valid card payment method whose details echo the reference. */
export function fakeCardPaymentMethod(reference: string) {
  const digits = [...reference].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 10_000, 7);
  return {
    id: reference,
    object: 'payment_method',
    type: 'card',
    livemode: false,
    created: 1_700_000_000,
    customer: null,
    metadata: {},
    billing_details: { name: null, email: null },
    card: {
      brand: 'visa',
      last4: String(digits).padStart(4, '0'),
      exp_month: 12,
      exp_year: 2099,
      funding: 'credit',
      country: 'GB',
    },
  };
}

export async function startFakePaymentVendor(
  options: FakePaymentVendorOptions = {},
): Promise<FakePaymentVendor> {
  const slowMs = options.slowMs ?? 15_000;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const counts = new Map<string, number>();
  const outages = new Set<string>();

  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const outage = OUTAGE_PATH.exec(path)?.[1];
    if (outage !== undefined && (request.method === 'PUT' || request.method === 'DELETE')) {
      if (request.method === 'PUT') outages.add(decodeURIComponent(outage));
      else outages.delete(decodeURIComponent(outage));
      response.writeHead(204).end();
      return;
    }
    const match = PAYMENT_METHOD_PATH.exec(path);
    const reference = match?.[1] ? decodeURIComponent(match[1]) : undefined;
    if (reference !== undefined) counts.set(reference, (counts.get(reference) ?? 0) + 1);

    const authorization = request.headers.authorization ?? '';
    if (!/^Bearer \S+$/.test(authorization)) {
      sendJson(
        response,
        401,
        vendorError('invalid_request_error', 'api_key_missing', 'You did not provide an API key.'),
      );
      return;
    }
    if (request.method !== 'GET' || reference === undefined) {
      sendJson(
        response,
        404,
        vendorError('invalid_request_error', 'resource_missing', `Unrecognized request URL (${path}).`),
      );
      return;
    }
    if (reference.startsWith('pm_notfound_')) {
      sendJson(
        response,
        404,
        vendorError('invalid_request_error', 'resource_missing', `No such PaymentMethod: '${reference}'`),
      );
      return;
    }
    if (reference.startsWith('pm_refusedkey_')) {
      sendJson(
        response,
        401,
        vendorError('invalid_request_error', 'invalid_api_key', 'Invalid API Key provided.'),
      );
      return;
    }
    if (reference.startsWith('pm_unavailable_') || outages.has(reference)) {
      sendJson(
        response,
        503,
        vendorError('api_error', 'service_unavailable', 'Service temporarily unavailable.'),
      );
      return;
    }
    if (reference.startsWith('pm_reset_')) {
      request.socket.destroy();
      return;
    }
    if (reference.startsWith('pm_slow_')) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) sendJson(response, 200, fakeCardPaymentMethod(reference));
      }, slowMs);
      timers.add(timer);
      response.on('close', () => {
        clearTimeout(timer);
        timers.delete(timer);
      });
      return;
    }
    sendJson(response, 200, fakeCardPaymentMethod(reference));
  };

  const server = createServer(handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('fake payment vendor has no TCP address');

  return {
    url: `http://127.0.0.1:${address.port}`,
    requestCount: (reference) => counts.get(reference) ?? 0,
    stop: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
