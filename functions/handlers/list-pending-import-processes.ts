import { importProcessListHandler } from '../http/import-process-list-handler.js';

/** Endpoint 7: `GET /v1/data-import/pending-account-import-processes/{import_supplier}/`: pending account imports. */
export const handler = importProcessListHandler('PENDING');
