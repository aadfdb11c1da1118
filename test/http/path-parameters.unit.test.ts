import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../functions/errors.js';
import { decodedPathParameters } from '../../functions/http/api-handler.js';

describe('Path parameters arrive percent-encoded, as API Gateway delivers them, and are decoded once', () => {
  it('decodes a space, +, & and : and keeps a literal + as a plus', () => {
    // Act
    const decoded = decodedPathParameters({
      import_supplier: 'ACME',
      external_account_number: 'AB%2012%2B3%26x%3Ay+z',
    });

    // Assess
    expect(decoded).toEqual({ import_supplier: 'ACME', external_account_number: 'AB 12+3&x:y+z' });
  });

  it('decodes UTF-8 and never decodes twice', () => {
    // Act
    const decoded = decodedPathParameters({ external_account_number: 'caf%C3%A9-%2541' });

    // Assess
    expect(decoded).toEqual({ external_account_number: 'café-%41' });
  });

  it.each(['AB%E0%A4%A', '%zz', '100%', '%C3'])(
    'refuses %s with a 400 invalid_encoding naming the parameter',
    (value) => {
      // Act
      const attempt = () =>
        decodedPathParameters({ import_supplier: 'ACME', external_account_number: value });

      // Assess
      expect(attempt).toThrow(ValidationError);
      try {
        attempt();
      } catch (error) {
        expect((error as ValidationError).statusCode).toBe(400);
        expect((error as ValidationError).body()).toEqual({
          detail: expect.any(String),
          code: 'invalid_request',
          errors: [{ attr: 'external_account_number', code: 'invalid_encoding', detail: expect.any(String) }],
        });
      }
    },
  );

  it('gives an empty map for an event without path parameters', () => {
    // Assess
    expect(decodedPathParameters(null)).toEqual({});
  });
});
