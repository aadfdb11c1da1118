/** PLACEHOLDER: replaced by the issue that builds this function. */
export async function handler(): Promise<never> {
  throw new Error('cancel-expired-import-processes is not implemented yet');
}
