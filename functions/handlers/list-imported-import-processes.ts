import { importProcessListHandler } from '../http/import-process-list-handler.js';

/** Endpoint 8: `GET /v1/data-import/imported-account-import-processes/{import_supplier}/`: imported account imports. */
export const handler = importProcessListHandler('IMPORTED');
