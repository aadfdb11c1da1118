/** PLACEHOLDER: replaced by the issue that builds this function. */
export async function handler(): Promise<never> {
  throw new Error('get-account-transfer-status is not implemented yet');
}
