import { createHash } from 'node:crypto';

/**
 * The API Gateway API key value that stands for an organisation in the environment's usage
 * plan. The authorizer returns it as `usageIdentifierKey` (the API's key source is
 * AUTHORIZER), so API Gateway applies the plan's rate and burst to each organisation
 * separately; the operator CLI creates the key with this value and associates it with the
 * plan. It is derived from the organisation's name, so the authorizer needs no table read. It
 * is an identifier, not a secret: callers never send it (API Gateway ignores an X-API-Key
 * header when the source is the authorizer), and tokens remain what authenticates.
 */
export function usageIdentifierKeyOf(organisation: string): string {
  return `org-${createHash('sha256').update(`data-import:organisation:${organisation}`).digest('hex')}`;
}
