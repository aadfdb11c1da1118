import { describe, expect, it } from 'vitest';
import { contractViolations } from '../support/openapi-contract.js';

const json = 'application/json';
const statusPath = '/v1/data-import/account-transfer-status/ACME/A%2F1/';

describe('Every answer the tests receive is checked against the OpenAPI document', () => {
  it('accepts a documented status whose body matches its schema', () => {
    // Act
    const violations = contractViolations({
      method: 'GET',
      target: statusPath,
      status: 200,
      contentType: json,
      text: JSON.stringify({ status: 'COMPLETED', service_account_number: 'A-0123ABCD' }),
    });
    // Assess
    expect(violations).toEqual([]);
  });

  it('refuses a status the operation does not document, naming the operation', () => {
    // Act
    const violations = contractViolations({
      method: 'GET',
      target: statusPath,
      status: 418,
      contentType: json,
      text: '{}',
    });
    // Assess
    expect(violations).toEqual([expect.stringMatching(/get-account-transfer-status.*418.*does not list/)]);
  });

  it('refuses a body that does not match, and an error code the status does not list', () => {
    // Act
    const wrongBody = contractViolations({
      method: 'GET',
      target: statusPath,
      status: 200,
      contentType: json,
      text: JSON.stringify({ status: 'DONE' }),
    });
    const wrongCode = contractViolations({
      method: 'GET',
      target: statusPath,
      status: 404,
      contentType: json,
      text: JSON.stringify({ detail: 'x', code: 'import_supplier_not_found' }),
    });
    // Assess
    expect(wrongBody.length).toBeGreaterThan(0);
    expect(wrongCode).toEqual([expect.stringMatching(/code must be equal to one of the allowed values/)]);
  });

  it('refuses a body that is not JSON or not sent as application/json', () => {
    // Act
    const notJson = contractViolations({
      method: 'POST',
      target: '/v1/data-import/notes/create/',
      status: 500,
      contentType: json,
      text: 'Internal Server Error',
    });
    const wrongType = contractViolations({
      method: 'POST',
      target: '/v1/data-import/notes/create/',
      status: 500,
      contentType: 'text/plain',
      text: '{"detail": "x", "code": "internal_error"}',
    });
    // Assess
    expect(notJson).toEqual([expect.stringMatching(/not JSON/)]);
    expect(wrongType).toEqual([expect.stringMatching(/content-type text\/plain/)]);
  });

  it('expects the documented 404 both for a path no operation has and for a method a path lacks, as API Gateway answers', () => {
    // Act / Assess
    const notFound = { detail: 'Not found.', code: 'not_found' };
    expect(
      contractViolations({
        method: 'GET',
        target: '/v1/nothing/',
        status: 404,
        contentType: json,
        text: JSON.stringify(notFound),
      }),
    ).toEqual([]);
    expect(
      contractViolations({
        method: 'DELETE',
        target: '/v1/data-import/notes/create',
        status: 404,
        contentType: json,
        text: JSON.stringify(notFound),
      }),
    ).toEqual([]);
    expect(
      contractViolations({
        method: 'GET',
        target: '/v1/nothing/',
        status: 200,
        contentType: json,
        text: '{}',
      }),
    ).toEqual([expect.stringMatching(/says 404/)]);
  });
});
