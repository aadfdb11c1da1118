/**
 * The account payload as the whole-account validator admits it. Only the account reference is
 * typed here; the rest of `EnergyAccount` is read through the rules that use it.
 */
export interface EnergyAccountPayload {
  import_supplier: string;
  external_account_number: string;
  [field: string]: unknown;
}
