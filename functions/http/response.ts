import type { APIGatewayProxyResult } from 'aws-lambda';

export interface ApiResponse {
  statusCode: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function jsonResponse({ statusCode, body, headers }: ApiResponse): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}
