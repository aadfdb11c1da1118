import type { APIGatewayProxyEvent } from 'aws-lambda';
import { proxyEvent } from '../../support/in-process.js';

export { lambdaContext, type ProxyHandler as Handler } from '../../support/in-process.js';

/** A POST proxy event as API Gateway passes it after the authorizer (default scope: ACME). */
export function postEvent(options: {
  path: string;
  body: unknown;
  query?: Record<string, string>;
  suppliers?: string[];
}): APIGatewayProxyEvent {
  return proxyEvent({
    method: 'POST',
    path: options.path,
    body: options.body,
    query: options.query,
    suppliers: options.suppliers ?? ['ACME'],
    headers: { 'content-type': 'application/json' },
  });
}
