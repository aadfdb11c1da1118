/** PLACEHOLDER: replaced by the issue that builds this function. */
export async function handler(): Promise<never> {
  throw new Error('list-pending-import-processes is not implemented yet');
}
