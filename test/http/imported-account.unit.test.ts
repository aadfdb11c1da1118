import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../functions/http/api-handler.js';
import { encodeAuthContext } from '../../functions/http/auth-context.js';
import { documentClient } from '../../functions/store/dynamodb.js';
import { clearSupplierCache } from '../../functions/store/supplier-store.js';

const dynamo = mockClient(documentClient);

const SUPPLIER = { code: 'ACME', status: 'Ongoing', root_location: 'acme', expiry_window_days: 30 };
const IMPORTED = {
  sk: 'PROCESS',
  import_supplier: 'ACME',
  external_account_number: 'LEGACY-1',
  status: 'COMPLETED',
  lifecycle: 'IMPORTED',
  staged_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
  service_account_number: 'A-12345678',
  ledger_number: 'L-12345678',
  open_statement_period_start: '2026-01-01',
  account_created_at: '2026-01-02T00:00:00Z',
};

/** The table holds the supplier and, when given, the process of `LEGACY-1`. */
function tableWith(process?: Record<string, unknown>) {
  dynamo.on(GetCommand).callsFake((input: { Key: { sk: string } }) => ({
    Item: input.Key.sk === 'PROCESS' ? process : SUPPLIER,
  }));
}

const event = (external: string) =>
  ({
    pathParameters: { import_supplier: 'ACME', external_account_number: external },
    queryStringParameters: null,
    body: null,
    headers: {},
    requestContext: { authorizer: encodeAuthContext({ organisation: 'org', suppliers: ['ACME'] }) },
  }) as unknown as APIGatewayProxyEvent;

const handle = vi.fn(async ({ account }: { account: { service_account_number: string } }) => ({
  statusCode: 200,
  body: { number: account.service_account_number },
}));
const handler = apiHandler(
  {
    supplier: { from: 'path', whenUnknown: 'account_not_found', requireOngoing: false },
    importedAccount: { from: 'path' },
  },
  handle,
);
const call = (external: string) => handler(event(external), {} as Context);

beforeEach(() => {
  dynamo.reset();
  handle.mockClear();
  clearSupplierCache();
});

describe('Rule: a handler that declares importedAccount gets the imported account, or the request is 404 account_not_found', () => {
  it('hands the imported account to the handler', async () => {
    // Prepare
    tableWith(IMPORTED);
    // Act
    const response = await call('LEGACY-1');
    // Assess
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ number: 'A-12345678' });
  });

  it('an account that is only staged is 404 account_not_found, and the handler never runs', async () => {
    // Prepare
    tableWith({ ...IMPORTED, status: 'UNKNOWN', lifecycle: 'STAGED', service_account_number: undefined });
    // Act
    const response = await call('LEGACY-1');
    // Assess
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body).code).toBe('account_not_found');
    expect(handle).not.toHaveBeenCalled();
  });

  it('the detail of a staged account says it is staged but not created and names process/ as the next step', async () => {
    // Prepare
    tableWith({ ...IMPORTED, status: 'UNKNOWN', lifecycle: 'STAGED', service_account_number: undefined });
    // Act
    const response = await call('LEGACY-1');
    // Assess
    const { detail } = JSON.parse(response.body);
    expect(detail).toMatch(/staged but not created/);
    expect(detail).toContain('POST /v1/data-import/account-import-process/process/');
  });

  it('the detail of an account whose creation is running says so and names process/', async () => {
    // Prepare
    tableWith({ ...IMPORTED, status: 'IN_PROGRESS', lifecycle: 'STAGED', service_account_number: undefined });
    // Act
    const response = await call('LEGACY-1');
    // Assess
    expect(response.statusCode).toBe(404);
    const { detail } = JSON.parse(response.body);
    expect(detail).toMatch(/staged but not created yet.*still running/);
    expect(detail).toContain('/v1/data-import/account-import-process/process/');
  });

  it('an unknown account is 404 account_not_found; a number no account can have is not looked up', async () => {
    // Prepare
    tableWith(undefined);
    // Act
    const unknown = await call('LEGACY-2');
    const impossible = await call('..');
    // Assess
    expect([unknown.statusCode, impossible.statusCode]).toEqual([404, 404]);
    expect(JSON.parse(unknown.body).detail).toBe(
      'No imported account matches this import supplier and external account number.',
    );
    const processReads = dynamo
      .commandCalls(GetCommand)
      .filter((c) => (c.args[0].input.Key as { sk: string }).sk === 'PROCESS');
    expect(processReads).toHaveLength(1);
    expect(handle).not.toHaveBeenCalled();
  });
});
