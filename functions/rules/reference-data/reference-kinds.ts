/**
 * Reference data: the platform's configuration that some published account rules are judged
 * against (teams, products, tariffs, ledgers, …). The operator loads it per environment
 * (`npm run ops -- reference-data load FILE.json`), one list per kind; loading a kind replaces it
 * whole, and a kind given as `[]` is unloaded (its rules are then skipped). Pure: parsing and
 * indexing only.
 */

/** Kinds whose entries are names (or codes) and nothing else. */
export const NAME_KINDS = [
  'operations_teams',
  'dunning_paths',
  'ledger_codes',
  'campaigns',
  'consent_types',
  'account_reference_namespaces',
  'payment_plan_strategies',
  'internal_email_addresses',
  'partner_organisations',
  'affiliate_organisations',
  'contribution_schemes',
  'market_participants',
  'tprs',
  'complaint_sources',
] as const;
export type NameKind = (typeof NAME_KINDS)[number];

/** Kinds whose entries are records. */
export const RECORD_KINDS = [
  'products',
  'tariffs',
  'psr_needs',
  'complaint_types',
  'official_complaint_bodies',
  'customer_detail_namespaces',
  'business_detail_keys',
  'product_characteristics',
  'agent_contract_references',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const REFERENCE_KINDS = [...NAME_KINDS, ...RECORD_KINDS] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** A product: when it is available, whether its price varies, and its rate bands. */
export interface Product {
  code: string;
  /** First day it is available (`YYYY-MM-DD`). */
  available_from: string;
  /** Last day it is available, when it is end-dated. */
  available_to?: string;
  /** A variable (or tracker) product: agreements may not start before it is available. */
  variable: boolean;
  /** Its rate bands (`STANDING_CHARGE`, `DAY`, …); empty: not listed, bands are not judged. */
  rate_bands: string[];
}

/** A tariff: the product it prices, the supply it is for, its number of rates and whether it is prepay. */
export interface Tariff {
  code: string;
  product_code: string;
  supply_type: 'ELECTRICITY' | 'GAS';
  rates: number;
  prepay: boolean;
}

/** A priority services register need: its description, industry codes, and whether it is temporary. */
export interface PsrNeed {
  description: string;
  electricity_code?: string;
  gas_code?: string;
  temporary: boolean;
}

/** A complaint type the platform allows, with its subtypes. */
export interface ComplaintType {
  type: string;
  subtypes: string[];
}

/** An official complaints body the platform deals with, with the statuses it configures for it. */
export interface OfficialComplaintBody {
  name: string;
  statuses: string[];
}

/** The JSON type a registered detail's value has (`any`: not judged). */
export const DETAIL_VALUE_TYPES = ['string', 'number', 'boolean', 'list', 'object', 'any'] as const;
export type DetailValueType = (typeof DETAIL_VALUE_TYPES)[number];

/** A customer detail namespace registered on the platform, and the type of its values. */
export interface CustomerDetailNamespace {
  namespace: string;
  type: DetailValueType;
}

/** A business detail key registered on the platform: its value's type and the pattern its text (or each item's) matches. */
export interface BusinessDetailKey {
  key: string;
  type: DetailValueType;
  pattern?: string;
}

/** A product characteristic the platform has, and the values it allows. */
export interface ProductCharacteristic {
  code: string;
  values: string[];
}

/** An agent's contract the platform has: its MPID, contract reference and, where it keeps them, service references. */
export interface AgentContractReference {
  agent_mpid: string;
  contract_reference: string;
  service_reference?: string;
  service_level_reference?: string;
}

interface RecordEntries {
  products: Product;
  tariffs: Tariff;
  psr_needs: PsrNeed;
  complaint_types: ComplaintType;
  official_complaint_bodies: OfficialComplaintBody;
  customer_detail_namespaces: CustomerDetailNamespace;
  business_detail_keys: BusinessDetailKey;
  product_characteristics: ProductCharacteristic;
  agent_contract_references: AgentContractReference;
}

export type ReferenceEntries = {
  [K in ReferenceKind]: K extends RecordKind ? RecordEntries[K][] : string[];
};

/** What is loaded: a kind absent here is not loaded. */
export type ReferenceData = Partial<ReferenceEntries>;

export const isReferenceKind = (value: string): value is ReferenceKind =>
  (REFERENCE_KINDS as readonly string[]).includes(value);
