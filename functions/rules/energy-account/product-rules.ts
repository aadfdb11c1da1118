import type { FieldError } from '../../errors.js';
import type { Product, Tariff } from '../reference-data/reference-kinds.js';
import { meterPointsOf, type SupplyType, transactionsOfType, within } from './payload-places.js';
import { fieldError, fieldOf, type Item, itemsAtAll, type Located, list, text } from './payload-rule.js';
import { dayOf } from './payload-values.js';
import { indexOf, type ReferenceRule } from './reference-rule.js';

/**
 * The published rules on agreements and supply charges that need the platform's tariffs and
 * products: a tariff exists for the meter point's supply, fits its number of rates and its
 * meters' prepay, and its product is available on the agreement's dates with the rate bands used.
 */

interface AgreementAt extends Located {
  point: Item;
  supplyType: SupplyType;
  tariffCode: string | undefined;
}

const FUEL: Record<SupplyType, { component: string; word: string }> = {
  ELECTRICITY: { component: 'ElectricityAgreement', word: 'electricity' },
  GAS: { component: 'GasAgreement', word: 'gas' },
};

function agreementsOf(account: Item, supplyType?: SupplyType): AgreementAt[] {
  return meterPointsOf(account, supplyType).flatMap((point) =>
    within(point, 'agreements[]').map((agreement) => ({
      ...agreement,
      point: point.item,
      supplyType: text(point.item, 'supply_type') as SupplyType,
      tariffCode: text(agreement.item, 'tariff_code'),
    })),
  );
}

const tariffOf = (tariffs: readonly Tariff[], code: string | undefined, supplyType: SupplyType) =>
  indexOf(
    tariffs,
    'by supply and code',
    () => new Map(tariffs.map((t) => [`${t.supply_type} ${t.code}`, t])),
  ).get(`${supplyType} ${code}`);
const productOf = (products: readonly Product[], code: string | undefined) =>
  indexOf(products, 'by code', () => new Map(products.map((product) => [product.code, product]))).get(
    code ?? '',
  );

const tariffCodes = (account: Item, supplyType?: SupplyType) =>
  agreementsOf(account, supplyType).flatMap(({ attr, tariffCode }) =>
    tariffCode === undefined ? [] : [fieldOf(attr, 'tariff_code')],
  );

/** An agreement rule on the tariff (and product) an agreement names, skipping agreements whose tariff is unknown. */
function agreementRule(spec: {
  rule: string;
  code: string;
  supplyType?: SupplyType;
  withProduct: boolean;
  breach: (
    at: AgreementAt,
    tariff: Tariff,
    product: Product | undefined,
    today: string,
  ) => FieldError | undefined;
}): ReferenceRule {
  return {
    rule: spec.rule,
    codes: [spec.code],
    kinds: spec.withProduct ? ['tariffs', 'products'] : ['tariffs'],
    judged: (account) => tariffCodes(account, spec.supplyType),
    check: (account, data, today) =>
      agreementsOf(account, spec.supplyType).flatMap((at) => {
        const tariff = tariffOf(data.tariffs, at.tariffCode, at.supplyType);
        if (!tariff) return [];
        const product = spec.withProduct ? productOf(data.products, tariff.product_code) : undefined;
        if (spec.withProduct && !product) return [];
        const breach = spec.breach(at, tariff, product, today);
        return breach ? [breach] : [];
      }),
  };
}

/** The number of rates of an electricity meter point: the most registers of any of its meters (0: not known). */
const ratesOf = (point: Item): number =>
  Math.max(0, ...list(point, 'meters').map((meter) => list(meter, 'registers').length));

/** Whether an agreement is in force today. */
const inForce = (agreement: Item, today: string) => {
  const from = text(agreement, 'effective_from');
  const to = text(agreement, 'effective_to');
  return (from === undefined || dayOf(from) <= today) && (to === undefined || dayOf(to) >= today);
};

/** Whether the meter point's meters in place today are prepay (undefined: none, or mixed). */
function prepayOf(point: Item, today: string): boolean | undefined {
  const current = list(point, 'meters').filter((meter) => {
    const removed = text(meter, 'removed_on');
    return removed === undefined || dayOf(removed) > today;
  });
  const kinds = new Set(current.map((meter) => meter.is_prepay === true));
  return kinds.size === 1 ? [...kinds][0] : undefined;
}

const tariffExists = (supplyType: SupplyType): ReferenceRule => ({
  rule: `${FUEL[supplyType].component}.tariff_code: Validate ${FUEL[supplyType].word} tariff exists`,
  codes: ['tariff_code_not_found'],
  kinds: ['tariffs'],
  judged: (account) => tariffCodes(account, supplyType),
  check: (account, data) =>
    agreementsOf(account, supplyType)
      .filter(({ tariffCode }) => tariffCode !== undefined && !tariffOf(data.tariffs, tariffCode, supplyType))
      .map(({ attr, tariffCode }) =>
        fieldError(
          fieldOf(attr, 'tariff_code'),
          'tariff_code_not_found',
          `No ${FUEL[supplyType].word} tariff ${tariffCode} is known to the platform.`,
        ),
      ),
});

const endDated = (supplyType: SupplyType): ReferenceRule =>
  agreementRule({
    rule: `${FUEL[supplyType].component}: Validate effective to provided for end dated ${FUEL[supplyType].word} product`,
    code: 'open_ended_agreement_for_end_dated_product',
    supplyType,
    withProduct: true,
    breach: ({ item, attr }, _tariff, product) =>
      product?.available_to !== undefined && text(item, 'effective_to') === undefined
        ? fieldError(
            fieldOf(attr, 'effective_to'),
            'open_ended_agreement_for_end_dated_product',
            `The product ${product.code} ends on ${product.available_to}: give the agreement an effective_to.`,
          )
        : undefined,
  });

function rateOverrides(supplyType: SupplyType): ReferenceRule {
  const rule = agreementRule({
    rule: `${FUEL[supplyType].component}: Validate that the rate bands given in the rate overrides are valid for the product code`,
    code: 'rate_band_does_not_exist',
    supplyType,
    withProduct: true,
    breach: () => undefined,
  });
  return {
    ...rule,
    codes: ['invalid_period', 'rate_band_does_not_exist'],
    check: (account, data) =>
      agreementsOf(account, supplyType).flatMap((at) => {
        const tariff = tariffOf(data.tariffs, at.tariffCode, supplyType);
        const product = productOf(data.products, tariff?.product_code);
        if (!product || product.rate_bands.length === 0) return [];
        return within(at, 'rate_overrides[]')
          .filter(({ item }) => !product.rate_bands.includes(text(item, 'rate_band') ?? ''))
          .map(({ item, attr }) =>
            fieldError(
              fieldOf(attr, 'rate_band'),
              'rate_band_does_not_exist',
              `The product ${product.code} has no rate band ${text(item, 'rate_band')}.`,
            ),
          );
      }),
  };
}

const availableBreach =
  (code: string, onlyContracts: boolean) =>
  ({ item, attr }: AgreementAt, _tariff: Tariff, product: Product | undefined) => {
    const from = text(item, 'effective_from');
    if (!product?.variable || from === undefined || dayOf(from) >= product.available_from) return undefined;
    if (onlyContracts && text(item, 'business_contract_identifier') === undefined) return undefined;
    const detail = `The product ${product.code} is available from ${product.available_from}: the agreement may not start before.`;
    return fieldError(fieldOf(attr, 'effective_from'), code, detail);
  };

const SUPPLY_CHARGES = transactionsOfType('SUPPLY_CHARGE');

/** Supply charges naming a product, with their paths. */
const supplyCharges = (account: Item): Located[] => itemsAtAll(account, SUPPLY_CHARGES);

/** The first and last day a supply charge's line items cover. */
function chargePeriod(charge: Item): { start: string; end: string } | undefined {
  const lines = list(charge, 'line_items');
  const starts = lines.flatMap((line) =>
    text(line, 'start_date') ? [dayOf(text(line, 'start_date')!)] : [],
  );
  const ends = lines.flatMap((line) => (text(line, 'end_date') ? [dayOf(text(line, 'end_date')!)] : []));
  if (starts.length === 0 || ends.length === 0) return undefined;
  return { start: starts.sort()[0]!, end: ends.sort().at(-1)! };
}

const coveredByOneAgreement: ReferenceRule = {
  rule: 'EnergyAccount: Validate supply charge line items covered by a single agreement',
  codes: ['supply_charge_line_items_not_covered_by_single_agreement'],
  kinds: ['tariffs'],
  judged: (account) => supplyCharges(account).flatMap(({ item, attr }) => (chargePeriod(item) ? [attr] : [])),
  check: (account, data) =>
    supplyCharges(account).flatMap(({ item, attr }) => {
      const period = chargePeriod(item);
      const product = text(item, 'product_code');
      const point = text(item, 'supply_point_identifier');
      const points = meterPointsOf(account).map((found) => text(found.item, 'identifier'));
      // A charge for a meter point the account does not carry is not this rule's to judge.
      if (
        !period ||
        product === undefined ||
        (point === undefined ? points.length === 0 : !points.includes(point))
      )
        return [];
      const covers = agreementsOf(account).some((agreement) => {
        if (point !== undefined && text(agreement.point, 'identifier') !== point) return false;
        const tariff = tariffOf(data.tariffs, agreement.tariffCode, agreement.supplyType);
        const from = text(agreement.item, 'effective_from');
        const to = text(agreement.item, 'effective_to');
        return (
          tariff?.product_code === product &&
          from !== undefined &&
          dayOf(from) <= period.start &&
          (to === undefined || dayOf(to) >= period.end)
        );
      });
      const detail = `No one agreement on the product ${product} covers ${period.start} to ${period.end}.`;
      return covers
        ? []
        : [fieldError(attr, 'supply_charge_line_items_not_covered_by_single_agreement', detail)];
    }),
};

export const productRules: ReferenceRule[] = [
  tariffExists('ELECTRICITY'),
  tariffExists('GAS'),
  agreementRule({
    rule: 'EnergyAccount: Validate that the tariff type and meter point type match',
    code: 'tariff_type_does_not_match_meter_point_type',
    supplyType: 'ELECTRICITY',
    withProduct: false,
    breach: ({ attr, point }, tariff) => {
      const rates = ratesOf(point);
      return rates > 0 && rates !== tariff.rates
        ? fieldError(
            fieldOf(attr, 'tariff_code'),
            'tariff_type_does_not_match_meter_point_type',
            `The tariff ${tariff.code} has ${tariff.rates} rate(s); the meter point's meters have ${rates} register(s).`,
          )
        : undefined;
    },
  }),
  agreementRule({
    rule: 'EnergyAccount: Validate that prepay meters are matched to agreements of the correct type',
    code: 'tariff_type_does_not_match_meter_type',
    withProduct: false,
    breach: ({ item, attr, point }, tariff, _product, today) => {
      const prepay = prepayOf(point, today);
      if (prepay === undefined || !inForce(item, today) || prepay === tariff.prepay) return undefined;
      const detail = prepay
        ? `The meter point's meters are prepay; the tariff ${tariff.code} is not.`
        : `The tariff ${tariff.code} is prepay; the meter point's meters are not.`;
      return fieldError(fieldOf(attr, 'tariff_code'), 'tariff_type_does_not_match_meter_type', detail);
    },
  }),
  agreementRule({
    rule: 'EnergyAccount: Validate each agreement is not effective before the product is available',
    code: 'agreement_effective_from_before_product_available_from',
    withProduct: true,
    breach: availableBreach('agreement_effective_from_before_product_available_from', false),
  }),
  agreementRule({
    rule: 'EnergyAccount: Validate that all variable products on a contract have start dates after the product start date',
    code: 'agreement_cannot_start_before_product_available',
    withProduct: true,
    breach: availableBreach('agreement_cannot_start_before_product_available', true),
  }),
  endDated('ELECTRICITY'),
  endDated('GAS'),
  rateOverrides('ELECTRICITY'),
  rateOverrides('GAS'),
  {
    rule: 'EnergySupplyCharge.product_code: Validate product code exists',
    codes: ['product_code_does_not_exist'],
    kinds: ['products'],
    judged: (account) =>
      supplyCharges(account).flatMap(({ item, attr }) =>
        text(item, 'product_code') === undefined ? [] : [fieldOf(attr, 'product_code')],
      ),
    check: (account, data) =>
      supplyCharges(account).flatMap(({ item, attr }) => {
        const code = text(item, 'product_code');
        return code === undefined || productOf(data.products, code)
          ? []
          : [
              fieldError(
                fieldOf(attr, 'product_code'),
                'product_code_does_not_exist',
                `No product ${code} is known to the platform.`,
              ),
            ];
      }),
  },
  coveredByOneAgreement,
];
