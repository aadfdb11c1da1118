/** PLACEHOLDER: replaced by the issue that builds this function. */
export async function handler(): Promise<never> {
  throw new Error('create-notes is not implemented yet');
}
