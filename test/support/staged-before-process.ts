import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { Account } from '../../functions/rules/account/account.js';
import { getStagedAccount } from '../../functions/store/import-process-store.js';

type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * The process route's handler, wrapped to read what is staged for the account just before it
 * is processed (creation removes the staged copy): `staged` holds it per external account number.
 */
export function readingStagedBeforeProcess(process: ProxyHandler) {
  const staged = new Map<string, Account | undefined>();
  const handler: ProxyHandler = async (event, context) => {
    const text = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString() : event.body;
    const body = JSON.parse(text ?? '{}') as { import_supplier: string; external_account_number: string };
    if (!staged.has(body.external_account_number)) {
      staged.set(
        body.external_account_number,
        (await getStagedAccount(body.import_supplier, body.external_account_number))?.account,
      );
    }
    return process(event, context);
  };
  return { handler, staged };
}
