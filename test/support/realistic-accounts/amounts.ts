/**
 * Money for the realistic accounts: supply charges whose line items, taxes and totals add up to
 * the penny, the other transaction kinds, and the balance a list of transactions comes to, so
 * that every payload's transfer balance is computed rather than typed. Decimal strings are
 * worked in exact integers (10⁻⁸ units), as the rules read them.
 */

export type Json = Record<string, unknown>;

const SCALE = 10n ** 8n;

function unitsOf(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * SCALE + BigInt(fraction.padEnd(8, '0').slice(0, 8));
  return amount.startsWith('-') ? -value : value;
}

/** Units rounded half-up to pence, as a decimal string with two places. */
function pounds(value: bigint): string {
  const negative = value < 0n;
  const pence = ((negative ? -value : value) + SCALE / 200n) / (SCALE / 100n);
  const text = `${pence / 100n}.${String(pence % 100n).padStart(2, '0')}`;
  return negative && pence !== 0n ? `-${text}` : text;
}

const times = (a: string, b: string): bigint => (unitsOf(a) * unitsOf(b)) / SCALE;
const sum = (amounts: readonly string[]): bigint => amounts.reduce((total, a) => total + unitsOf(a), 0n);

/** One line of a bill: consumption or standing charge over a period, priced per unit. */
export interface LineSpec {
  from: string;
  to: string;
  units: string;
  price: string;
  /** The rate band (DAY, NIGHT, STANDARD, STANDING_CHARGE…). */
  band: string;
}

export interface SupplyChargeSpec {
  id: string;
  date: string;
  product: string;
  /** The MPAN core or MPRN the charge is for. */
  meterPoint: string;
  lines: readonly LineSpec[];
  /** VAT rate: 0.05 domestic, 0.20 business. */
  vat: '0.05' | '0.20';
  /** Climate change levy per kWh, charged to businesses on their consumption lines. */
  cclPerKwh?: string;
  bill?: string;
}

/** A supply charge whose amount is its net line amounts plus its taxes. */
export function supplyCharge(spec: SupplyChargeSpec): Json {
  const lineItems = spec.lines.map((line) => ({
    start_date: line.from,
    end_date: line.to,
    number_of_units: line.units,
    price_per_unit: line.price,
    net_amount: pounds(times(line.units, line.price)),
    rate_band: line.band,
  }));
  const net = pounds(sum(lineItems.map((line) => line.net_amount)));
  const taxItems: Json[] = [];
  if (spec.cclPerKwh) {
    const kwh = pounds(
      sum(spec.lines.filter((line) => line.band !== 'STANDING_CHARGE').map((line) => line.units)),
    );
    const ccl = pounds(times(kwh, spec.cclPerKwh));
    taxItems.push({
      tax_type: 'CCL',
      rate: spec.cclPerKwh,
      unit_type: 'CURRENCY_PER_KWH',
      value_taxed: kwh,
      amount: ccl,
    });
  }
  const taxable = pounds(sum([net, ...taxItems.map((tax) => String(tax.amount))]));
  taxItems.push({
    tax_type: 'VAT',
    rate: spec.vat,
    unit_type: 'PROPORTION',
    value_taxed: taxable,
    amount: pounds(times(taxable, spec.vat)),
  });
  return {
    type: 'SUPPLY_CHARGE',
    transaction_id: spec.id,
    transaction_date: spec.date,
    amount: pounds(sum([net, ...taxItems.map((tax) => String(tax.amount))])),
    product_code: spec.product,
    supply_point_identifier: spec.meterPoint,
    line_items: lineItems,
    tax_items: taxItems,
    ...(spec.bill ? { billing_document_identifier: spec.bill } : {}),
  };
}

type Extra = Json;

export const payment = (id: string, date: string, amount: string, extra: Extra = {}): Json => ({
  type: 'PAYMENT',
  transaction_id: id,
  transaction_date: date,
  amount,
  payment_type: 'DD_REGULAR_COLLECTION',
  reason: 'REGULAR_SCHEDULE',
  ...extra,
});

export const credit = (
  id: string,
  date: string,
  amount: string,
  reason: string,
  extra: Extra = {},
): Json => ({
  type: 'CREDIT',
  transaction_id: id,
  transaction_date: date,
  amount,
  reason,
  ...extra,
});

export const charge = (
  id: string,
  date: string,
  amount: string,
  reason: string,
  extra: Extra = {},
): Json => ({
  type: 'CHARGE',
  transaction_id: id,
  transaction_date: date,
  amount,
  reason,
  ...extra,
});

export const repayment = (
  id: string,
  date: string,
  amount: string,
  reason: string,
  extra: Extra = {},
): Json => ({
  type: 'REPAYMENT',
  transaction_id: id,
  transaction_date: date,
  amount,
  payment_type: 'DIRECT_CREDIT',
  reason,
  ...extra,
});

const RAISES_BALANCE = new Set(['PAYMENT', 'CREDIT']);

/**
 * What transactions do to the balance (payments and credits add, charges and repayments take
 * away; a prepay vend goes to its meter, not the balance), as a decimal string.
 */
export function balanceOf(...lists: readonly (readonly Json[])[]): string {
  let total = 0n;
  for (const transaction of lists.flat()) {
    if (typeof transaction.to_prepay_meter_serial_number === 'string') continue;
    const amount = unitsOf(String(transaction.amount));
    total += RAISES_BALANCE.has(String(transaction.type)) ? amount : -amount;
  }
  return pounds(total);
}

/** The total of some transactions in pence (a statement's gross amount). */
export const totalPence = (transactions: readonly Json[]): number =>
  Number(sum(transactions.map((transaction) => String(transaction.amount))) / (SCALE / 100n));
