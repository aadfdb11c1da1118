import { importProcessListHandler } from '../http/import-process-list-handler.js';

/** Endpoint 6: `GET /v1/data-import/all-account-import-processes/{import_supplier}/`: all (pending and imported) account imports. */
export const handler = importProcessListHandler('ALL');
