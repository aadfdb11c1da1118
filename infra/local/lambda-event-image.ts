import type { AttributeValue } from 'aws-lambda';

/**
 * A DynamoDB item image (attribute-value form) as Lambda's stream event JSON carries it: binary
 * values (`B`, `BS`) as base64 strings, where the Streams API client and `marshall` give bytes
 * (aws-lambda's `AttributeValue.B` is a string). The local stream poller hands images over in
 * this form, and tests build their stream records with it.
 */
export function toLambdaEventImage(image: unknown): Record<string, AttributeValue> {
  return JSON.parse(
    JSON.stringify(image, function (this: Record<string, unknown>, key: string, value: unknown) {
      // The holder's own value: JSON.stringify hands a Buffer to the replacer already as `toJSON()`.
      const original = this[key];
      return original instanceof Uint8Array ? Buffer.from(original).toString('base64') : value;
    }),
  ) as Record<string, AttributeValue>;
}
