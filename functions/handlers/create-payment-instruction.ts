/** PLACEHOLDER: replaced by the issue that builds this function. */
export async function handler(): Promise<never> {
  throw new Error('create-payment-instruction is not implemented yet');
}
