import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured logger for every function. Never log API keys, tokens, their hashes or
 * request bodies: log identifiers (supplier code, external account number, event ids).
 */
export const logger = new Logger({ serviceName: 'data-import' });
