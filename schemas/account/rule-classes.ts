import type { PublishedRule } from '../build/account-schema-source.js';

/**
 * What each published rule of the account payload needs to be judged (schemas/account/published-rules.ts
 * lists the 330 rules; this file classes every one of them):
 * - `payload`: the payload and today's date alone; enforced at validation by functions/rules/energy-account/.
 * - `reference-data`: the platform's configuration (tariffs, products, teams, market participants, …),
 *   which the operator loads per environment (`npm run ops -- reference-data load`); judged at
 *   validation and again at creation, skipped while a kind it needs is not loaded.
 * - `supplier-settings`: the supplier's import settings (`supplier put --setting`); judged at
 *   validation and again at creation.
 * - `creation`: the service's own data (documents, vendors, other accounts), or a step of creation
 *   rather than a check.
 * - `not-in-payload`: reads fields the published account does not carry, so it has nothing to judge.
 * `title` and `checks` say it in the project's words; docs/api/account-rules.md is generated from them.
 */
export type RuleClass = 'payload' | 'reference-data' | 'supplier-settings' | 'creation' | 'not-in-payload';

export interface RuleClassEntry {
  class: RuleClass;
  /**
   * For a payload rule enforced at validation: the file of functions/rules/energy-account/ it
   * lives in (a unit test holds this to the rules that file exports).
   */
  file?: string;
  /**
   * For a reference-data or supplier-settings rule that is enforced: the file of
   * functions/rules/energy-account/ it lives in (a unit test holds this to the rules it exports).
   */
  enforcedIn?: string;
  /** For a reference-data or supplier-settings rule: the kinds of reference data, or the settings, it reads. */
  needs?: readonly string[];
  /** For a reference-data or supplier-settings rule that is not enforced: why. */
  notEnforced?: string;
  title: string;
  checks: string;
}

/** A published rule's key: `<Component>[.<field>]: <name>`, the name without its markup. */
export function ruleKey(rule: PublishedRule): string {
  const name = rule.name.replace(/<[^>]+>/g, '').replace(/[\u2068\u2069]/g, '');
  return `${rule.schema}${rule.attr ? `.${rule.attr}` : ''}: ${name}`;
}

export const ruleClasses: Readonly<Record<string, RuleClassEntry>> = {
  'EnergyAccount: Validate account type is valid': {
    class: 'payload',
    file: 'account-kind-rules.ts',
    title: 'One account type',
    checks: 'account_type, is_managed and is_portfolio_lead do not select different types',
  },
  'EnergyAccount: Derive occupier billing address from supply address': {
    class: 'creation',
    title: 'Occupier billing address from the supply address',
    checks:
      "copies the only supply address into an unknown occupier's billing address (a derivation, no error)",
  },
  'EnergyAccount: Validate billing address fields': {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'Legacy billing address complete',
    checks: 'a legacy billing address (billing_address2..5) comes with billing_address1',
  },
  'EnergyAccount: Validate customer family name': {
    class: 'payload',
    file: 'account-kind-rules.ts',
    title: 'Family names on domestic accounts',
    checks: 'every customer of a domestic account has a family name',
  },
  'EnergyAccount: Validate metadata': {
    class: 'payload',
    file: 'customer-rules.ts',
    title: 'Account metadata keys unique',
    checks: 'no two account metadata items share a key',
  },
  'EnergyAccount: Validate unique property external identifiers': {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'Property identifiers unique',
    checks: 'no two supply addresses share a property_external_identifier',
  },
  'EnergyAccount: Validate managed account type is allowed': {
    class: 'supplier-settings',
    enforcedIn: 'supplier-settings-rules.ts',
    needs: ['managed_accounts_allowed'],
    title: 'Managed accounts allowed',
    checks: 'a managed account only where the supplier allows them',
  },
  'EnergyAccount: Validate only portfolio lead has portfolio setting': {
    class: 'payload',
    file: 'account-kind-rules.ts',
    title: 'Portfolio settings only on a lead',
    checks: 'portfolio settings only on a portfolio lead account',
  },
  'EnergyAccount: Validate business type and company number not provided for domestic accounts': {
    class: 'payload',
    file: 'account-kind-rules.ts',
    title: 'No business fields on domestic accounts',
    checks: 'a domestic account has no business_type or company_number',
  },
  'EnergyAccount: Validate no customers for unknown occupier': {
    class: 'payload',
    file: 'account-kind-rules.ts',
    title: 'No customers for an unknown occupier',
    checks: 'an unknown occupier account has no customers',
  },
  'EnergyAccount: Validate that a customer given name is provided for business accounts': {
    class: 'supplier-settings',
    enforcedIn: 'supplier-settings-rules.ts',
    needs: ['send_registration_flows'],
    title: 'Given names on business accounts',
    checks:
      'every customer of a business account has a given name, where the supplier sends registration flows',
  },
  'EnergyAccount: Validate portfolio reference provided correctly': {
    class: 'supplier-settings',
    needs: ['create_new_portfolios'],
    notEnforced:
      'the account itself carries no portfolio references or settings in the published payload: its portfolio is judged by the AccountPortfolio rule',
    title: 'Portfolio reference as the supplier creates portfolios',
    checks: "a portfolio reference is given, or not, as the supplier's portfolio setting requires",
  },
  'EnergyAccount: Validate billing address style': {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'One billing address style',
    checks: 'not both the legacy billing_address1.. fields and the billing_address object',
  },
  'EnergyAccount: Validate agreements are consecutive per supply point': {
    class: 'payload',
    file: 'agreement-rules.ts',
    title: 'Agreements consecutive per meter point',
    checks: "a meter point's agreements from its supply start leave no gap and do not overlap",
  },
  'EnergyAccount: Validate supply charge line items covered by a single agreement': {
    class: 'reference-data',
    enforcedIn: 'product-rules.ts',
    needs: ['tariffs'],
    title: 'Supply charges covered by one agreement',
    checks:
      "each supply charge's line items fall within one agreement for its product (the product of a tariff is reference data)",
  },
  'EnergyAccount: Validate historical statement period end must not be in the future': {
    class: 'payload',
    file: 'statement-transaction-rules.ts',
    title: 'Last statement period not in the future',
    checks: 'the last statement closing date, or the latest historical transaction, is not after today',
  },
  'EnergyAccount: Validate that terms with supply type matches a supply point supply type': {
    class: 'not-in-payload',
    title: "Terms match a meter point's supply type",
    checks: 'reads contract terms, which the published account does not carry',
  },
  'EnergyAccount: Validate that supply addresses and supply points are provided if account contracts are provided':
    {
      class: 'not-in-payload',
      title: 'Account contracts need meter points',
      checks: 'reads account_contracts, which the published account does not carry',
    },
  'EnergyAccount: Validate historical statement billing document identifier presence': {
    class: 'supplier-settings',
    enforcedIn: 'supplier-settings-rules.ts',
    needs: ['billing_document_identifiers_enabled'],
    title: 'Billing document identifiers on historical transactions',
    checks: 'historical transactions carry billing document identifiers only where the supplier enables them',
  },
  'EnergyAccount: Validate current statement transactions do not provide billing_document_identifier': {
    class: 'payload',
    file: 'statement-transaction-rules.ts',
    title: 'No billing document identifier on current transactions',
    checks: 'current statement transactions carry no billing_document_identifier',
  },
  'EnergyAccount: Validate historical statement transaction billing document identifier': {
    class: 'payload',
    file: 'statement-transaction-rules.ts',
    title: 'One billing document identifier for historical transactions',
    checks: 'every historical transaction that has a billing document identifier has the same one',
  },
  "EnergyAccount: Validate that contract terms' product codes are part of supply agreements": {
    class: 'not-in-payload',
    title: 'Contract term products in the agreements',
    checks: 'reads contract terms, which the published account does not carry',
  },
  'EnergyAccount: Validate that business is provided if enforcing business contracts': {
    class: 'supplier-settings',
    enforcedIn: 'business-settings-rules.ts',
    needs: ['enforce_business_contracts_exist'],
    title: 'Business given where contracts are enforced',
    checks: 'business is given where the supplier enforces business contracts',
  },
  'EnergyAccount: Validate agreement business contract identifier is declared': {
    class: 'payload',
    file: 'agreement-rules.ts',
    title: 'Agreement contract identifiers declared',
    checks: "an agreement's business_contract_identifier is one the business declares",
  },
  'EnergyAccount: Validate that the sum of ledger balances equals the transfer balance': {
    class: 'not-in-payload',
    title: 'Ledger balances sum to the transfer balance',
    checks: 'reads a ledgers list, which the published account does not carry',
  },
  'EnergyAccount: Validate business user info against customer info': {
    class: 'creation',
    title: 'Business users match customers',
    checks: "a business user's details agree with the customer it becomes (matched when users are created)",
  },
  'EnergyAccount: Validate payment preference ledger_identifier': {
    class: 'not-in-payload',
    title: 'Payment preference ledger exists',
    checks: 'reads a ledgers list, which the published account does not carry',
  },
  'EnergyAccount: Validate that referenced ledgers are unique in payment preferences': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'One payment preference per ledger',
    checks: 'no two payment preferences name the same ledger_identifier',
  },
  'EnergyAccount: Validate that valid instruction_identifier provided for ACTIVE_NEW payment preference': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'New payment preference names an instruction',
    checks: 'an ACTIVE_NEW payment preference names an instruction_identifier of payment_instructions',
  },
  'EnergyAccount: Validate that the transactions for a voucher do not exceed its value': {
    class: 'not-in-payload',
    title: "Voucher transactions within the voucher's value",
    checks: 'reads vouchers, which the published account does not carry',
  },
  'EnergyAccount: Validate that each voucher charge transaction id has a matching transaction id within a transaction of type CHARGE':
    {
      class: 'not-in-payload',
      title: 'Voucher charges exist',
      checks: 'reads vouchers, which the published account does not carry',
    },
  'EnergyAccount: Validate that each voucher redemption credit transaction id has a matching transaction id within a transaction of type CREDIT':
    {
      class: 'not-in-payload',
      title: 'Voucher redemptions exist',
      checks: 'reads vouchers, which the published account does not carry',
    },
  'EnergyAccount: Validate parent property references exist': {
    class: 'not-in-payload',
    title: 'Parent properties exist',
    checks: 'reads parent_property_reference, which the published account does not carry',
  },
  'EnergyAccount: Validate that a portfolio lead account has no supply address since it makes no sense for it to have one':
    {
      class: 'payload',
      file: 'account-kind-rules.ts',
      title: 'No supply address on a portfolio lead',
      checks: 'a portfolio lead account has no supply addresses',
    },
  'EnergyAccount: Validate that a system account has no supply address': {
    class: 'payload',
    file: 'account-kind-rules.ts',
    title: 'No supply address on a system account',
    checks: 'a system account has no supply addresses',
  },
  'EnergyAccount: Validate auto allocation of operations team': {
    class: 'supplier-settings',
    enforcedIn: 'supplier-settings-rules.ts',
    needs: ['auto_allocate_operations_teams'],
    title: 'Operations team as the supplier allocates',
    checks:
      'operations_team_name is given unless the supplier allocates teams automatically, and not given if it does',
  },
  'EnergyAccount: Validate that service can calculate when to start billing the account': {
    class: 'payload',
    file: 'statement-transaction-rules.ts',
    title: 'A date billing starts from',
    checks: 'at least one of last_billed_to_date, last_statement_closing_date or an agreement is given',
  },
  'EnergyAccount: Validate that if historical statement transaction are provided then so is a last statement closing date or last billed to date':
    {
      class: 'payload',
      file: 'statement-transaction-rules.ts',
      title: 'Historical transactions need a closing date',
      checks: 'historical transactions come with last_statement_closing_date or a last billed to date',
    },
  'EnergyAccount: Validate unique transaction IDs': {
    class: 'payload',
    file: 'statement-transaction-rules.ts',
    title: 'Transaction IDs unique',
    checks: 'no two transactions (current or historical) share a transaction_id',
  },
  'EnergyAccount: Validate current statement transactions are after historical statement transactions': {
    class: 'payload',
    file: 'statement-transaction-rules.ts',
    title: 'Historical transactions before current ones',
    checks: 'no historical transaction is dated after a current one',
  },
  'EnergyAccount: Validate that there are no historical statement transactions after the last statement closing date':
    {
      class: 'payload',
      file: 'statement-transaction-rules.ts',
      title: 'Historical transactions by the last closing date',
      checks:
        'no historical transaction is dated after the last statement closing date (or the earliest last billed to date)',
    },
  'EnergyAccount: Validate that the last statement issue date is on or after the last statement closing date':
    {
      class: 'payload',
      file: 'statement-transaction-rules.ts',
      title: 'Last statement issued on or after it closed',
      checks: 'last_statement_issue_date is on or after the last statement closing date',
    },
  'EnergyAccount: Validate no duplicated ledgers are provided': {
    class: 'not-in-payload',
    title: 'Ledger codes unique',
    checks: 'reads a ledgers list, which the published account does not carry',
  },
  'EnergyAccount: Validate identifiers are unique in ledgers': {
    class: 'not-in-payload',
    title: 'Ledger identifiers unique',
    checks: 'reads a ledgers list, which the published account does not carry',
  },
  'EnergyAccount: Validate ledger identifiers are known': {
    class: 'not-in-payload',
    title: 'Ledger identifiers are meter points',
    checks: 'reads a ledgers list, which the published account does not carry',
  },
  'EnergyAccount: Validate payment adequacy changes or last payment review date not both': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'Payment adequacy changes or a review date',
    checks: 'not both payment_adequacy_changes and last_payment_review_date',
  },
  'EnergyAccount: Validate that payment plans and payment schedules for the same ledger are not both in payload':
    {
      class: 'payload',
      file: 'payment-rules.ts',
      title: 'Payment plan or schedules on a ledger',
      checks: 'not both payment plans and payment schedules on the main ledger',
    },
  'EnergyAccount: Validate no more than one property for unknown occupier': {
    class: 'payload',
    file: 'account-kind-rules.ts',
    title: 'One property for an unknown occupier',
    checks: 'an unknown occupier account has one supply address at most',
  },
  'EnergyAccount: Validate no direct debit reference for the occupier': {
    class: 'payload',
    file: 'account-kind-rules.ts',
    title: 'No Direct Debit reference for an unknown occupier',
    checks: 'an unknown occupier account has no dd_reference',
  },
  'EnergyAccount: Validate no unbilled period on former supply addresses': {
    class: 'payload',
    file: 'agreement-rules.ts',
    title: 'Former addresses fully billed',
    checks: 'a supply address the customer has left is billed up to the date they left',
  },
  'EnergyAccount: Validate that agreements cover the last billed to date': {
    class: 'payload',
    file: 'agreement-rules.ts',
    title: 'An agreement on the last billed date',
    checks: 'each meter point with a last billed to date has an agreement in force on it',
  },
  'EnergyAccount: Validate debt and debts': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'Debt or debts',
    checks: 'not both the deprecated debt and debts',
  },
  'EnergyAccount: Validate that a last billed to date has been provided correctly': {
    class: 'payload',
    file: 'meter-exchange-rules.ts',
    title: 'Last billed dates where billing needs them',
    checks:
      'when the account has been billed, each settlement register (electricity) or meter (gas) has a last billed to date',
  },
  'EnergyAccount: Validate that current statement transactions are not before the current statement opening date':
    {
      class: 'payload',
      file: 'statement-transaction-rules.ts',
      title: 'Current transactions from the opening date',
      checks: 'no current transaction (but prepay vends) is dated before the current statement opens',
    },
  'EnergyAccount: Validate last_statement_balance plus/minus current_statement_transactions equal transfer_balance':
    {
      class: 'payload',
      file: 'statement-transaction-rules.ts',
      title: 'Transfer balance adds up',
      checks:
        'last_statement_balance plus the current transactions (but prepay ones) equals transfer_balance',
    },
  'EnergyAccount: Validate that the summed historical statement transactions match the last statement balance':
    {
      class: 'payload',
      file: 'statement-transaction-rules.ts',
      title: 'Historical transactions add up',
      checks: 'the historical transactions (but prepay ones) sum to last_statement_balance',
    },
  'EnergyAccount: Validate next bill due date provided for quarterly billing': {
    class: 'payload',
    file: 'note-statement-rules.ts',
    title: 'Next bill date for quarterly billing',
    checks: 'quarterly billing without industry billing gives next_bill_due_date',
  },
  'EnergyAccount: Validate account billing options': {
    class: 'payload',
    file: 'account-kind-rules.ts',
    title: 'Billing options only for business',
    checks: 'account_billing_options only on a business account',
  },
  'EnergyAccount: Validate that prepay transactions target initialised prepay meters': {
    class: 'payload',
    file: 'statement-transaction-rules.ts',
    title: 'Prepay transactions target a prepay meter',
    checks: "a transaction's to_prepay_meter_serial_number names a meter with prepay details",
  },
  'EnergyAccount: Validate tax exemption for appropriate account type': {
    class: 'payload',
    file: 'account-kind-rules.ts',
    title: 'Tax exemptions only for business',
    checks: "no CCL or VAT exemptions on a domestic account's meter points",
  },
  'EnergyAccount: Validate prepay transfer vend read dates match last billed to date': {
    class: 'payload',
    file: 'reading-rules.ts',
    title: 'Prepay vend read on the last billed date',
    checks: "a prepay meter's transfer vend read date is its last billed to date",
  },
  'EnergyAccount: Validate that the tariff type and meter point type match': {
    class: 'reference-data',
    enforcedIn: 'product-rules.ts',
    needs: ['tariffs'],
    title: 'Tariff fits the meter point',
    checks: "a tariff's number of rates fits the meter point (tariffs are reference data)",
  },
  'EnergyAccount: Validate bespoke rates': {
    class: 'payload',
    file: 'account-kind-rules.ts',
    title: 'Bespoke rates only for business',
    checks: 'agreements of a domestic account have no bespoke tariff rates',
  },
  'EnergyAccount: Validate billing address provided': {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'A billing address',
    checks: "a known customer's account gives a billing address",
  },
  'EnergyAccount: Validate current AQ for billable meter point': {
    class: 'payload',
    file: 'consumption-rules.ts',
    title: 'A current annual quantity',
    checks: 'a billable gas meter point has an AQ in force today or later',
  },
  'EnergyAccount: Validate all billable meter points are covered by agreements in the payload': {
    class: 'payload',
    file: 'agreement-rules.ts',
    title: 'Agreements for billable meter points',
    checks: 'a billable meter point has agreements, and a meter point off supply has none in force',
  },
  'EnergyAccount: Validate transfer readings exist on active gas meters': {
    class: 'payload',
    file: 'reading-rules.ts',
    title: 'One transfer reading per active gas meter',
    checks: 'an active gas meter has exactly one transfer reading',
  },
  'EnergyAccount: Validate EACs provided for active registers': {
    class: 'payload',
    file: 'consumption-rules.ts',
    title: 'EACs for active registers',
    checks: 'each TPR of an active electricity register has an EAC in eac_history',
  },
  'EnergyAccount: Validate that prepay meters are matched to agreements of the correct type': {
    class: 'reference-data',
    enforcedIn: 'product-rules.ts',
    needs: ['tariffs'],
    title: 'Prepay meters on prepay tariffs',
    checks: "a prepay meter's agreement is on a prepay tariff (tariffs are reference data)",
  },
  'EnergyAccount: Validate each agreement is not effective before the product is available': {
    class: 'reference-data',
    enforcedIn: 'product-rules.ts',
    needs: ['tariffs', 'products'],
    title: "Agreements within the product's availability",
    checks: 'an agreement starts no earlier than its product is available (products are reference data)',
  },
  'EnergyAccount: Validate that all variable products on a contract have start dates after the product start date':
    {
      class: 'reference-data',
      enforcedIn: 'product-rules.ts',
      needs: ['tariffs', 'products'],
      title: 'Contract variable products available',
      checks: "a contract's variable products start after they are available (products are reference data)",
    },
  'EnergyAccount: Validate that no meter points are ending supply in the future': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'No supply ending in the future',
    checks: "no meter point's supply_end_date is after today",
  },
  'EnergyAccount: Validate that all off supply meter points with meters have a final reading': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'A final reading for meter points off supply',
    checks: 'a meter point off supply with meters has a reading on its supply end date',
  },
  'EnergyAccount: Validate that no billable meter points are starting supply in the future': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'No billable supply starting in the future',
    checks: "no billable meter point's supply_start_date is after today",
  },
  'EnergyAccount: Validate that all billable meter points have active meters': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'Billable meter points have meters',
    checks: 'a billable meter point has an active meter, unless unmetered',
  },
  'EnergyAccount: Validate that at least one of the meter points needs billing': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'At least one meter point on supply',
    checks: 'where meter points are given, at least one is billable',
  },
  'EnergyAccount: Validate that a domestic account does not have any business only supply points': {
    class: 'not-in-payload',
    title: 'No business-only supply types on domestic accounts',
    checks: 'the published meter point union has no business-only supply types',
  },
  'EnergyAccount: Validate business account has account billing options with period_start_day and period_length':
    {
      class: 'payload',
      file: 'account-kind-rules.ts',
      title: 'Business billing options complete',
      checks: "a business account's billing options give period_start_day and period_length",
    },
  'EnergyAccount: Validate that  customers provided for business accounts': {
    class: 'payload',
    file: 'account-kind-rules.ts',
    title: 'Customers on business accounts',
    checks: 'a business account has at least one customer',
  },
  'EnergyAccount: Validate current statement transactions are not before last_billed_to_date': {
    class: 'payload',
    file: 'statement-transaction-rules.ts',
    title: 'Current transactions after the last billed date',
    checks: 'no current transaction is dated before a last billed to date of the account or its meter points',
  },
  'EnergyAccount: Validate transfer readings exist on active electricity registers': {
    class: 'payload',
    file: 'reading-rules.ts',
    title: 'One transfer reading per active register',
    checks: 'each register of an active electricity meter has exactly one transfer reading',
  },
  'EnergyAccount.account_campaigns: Validate account campaigns have consistent identifier': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Campaigns named one way',
    checks: 'account campaigns are all named by campaign_name or all by slug',
  },
  'EnergyAccount.account_campaigns: Validate account campaign names are unique': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Campaigns unique',
    checks: 'no campaign is given twice',
  },
  'EnergyAccount.billing_delivery_point_identifier: Validate delivery point identifier': {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'Billing delivery point identifier',
    checks: 'billing_delivery_point_identifier has only capital letters and digits',
  },
  'EnergyAccount.billing_email: Validate email is not internal': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['internal_email_addresses'],
    title: 'Billing e-mail not internal',
    checks: "the billing e-mail is none of the platform's own addresses",
  },
  "EnergyAccount.billing_email: Validate 'blackhole+' is not in billing email": {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'Billing e-mail not a black hole',
    checks: 'billing_email does not contain blackhole+',
  },
  'EnergyAccount.billing_postcode: Validate and normalize postcode': {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'Billing postcode',
    checks: 'billing_postcode is a valid UK postcode',
  },
  'EnergyAccount.company_number: Validate company number': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Company number',
    checks: 'company_number is a valid company number',
  },
  'EnergyAccount.consents: Validate consents are only provided if enabled': {
    class: 'supplier-settings',
    enforcedIn: 'supplier-settings-rules.ts',
    needs: ['consents_enabled'],
    title: 'Account consents enabled',
    checks: 'account consents only where the supplier enables consents',
  },
  'EnergyAccount.consents: Validate that each child has unique values for the type field': {
    class: 'payload',
    file: 'customer-rules.ts',
    title: 'Account consent types unique',
    checks: 'no two account consents share a type',
  },
  'EnergyAccount.contribution_agreements: Validate contribution agreements do not overlap': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'Contribution agreements do not overlap',
    checks: 'two contribution agreements of one scheme do not overlap',
  },
  'EnergyAccount.customers: Validate that the customers provided do not have the same value for any unique detail namespaces':
    {
      class: 'payload',
      file: 'customer-rules.ts',
      title: 'Unique customer identifiers',
      checks: 'no two customers share an external_user_id detail',
    },
  'EnergyAccount.deposit_agreements: Validate deposit agreements': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'One active deposit',
    checks: 'at most one deposit agreement not yet fulfilled',
  },
  'EnergyAccount.dunning_path: Validate dunning path supported': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['dunning_paths'],
    title: 'Dunning path exists',
    checks: 'the dunning path is one the platform offers',
  },
  'EnergyAccount.last_payment_review_date: Validate last payment review date is not future dated': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'Payment review date not in the future',
    checks: 'last_payment_review_date is not after today',
  },
  'EnergyAccount.operations_team_name: Validate that an operations team exists': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['operations_teams'],
    title: 'Operations team exists',
    checks: 'operations_team_name names a team',
  },
  'EnergyAccount.payment_instructions: Validate uniformity of ledger code in payment instructions': {
    class: 'payload',
    file: 'payment-schedule-rules.ts',
    title: 'Payment instruction ledgers all or none',
    checks: 'all payment instructions give a ledger_code, or none does',
  },
  'EnergyAccount.payment_schedules: Validate uniformity of ledger code in payment schedules': {
    class: 'payload',
    file: 'payment-schedule-rules.ts',
    title: 'Payment schedule ledgers all or none',
    checks: 'all payment schedules give a ledger_code, or none does',
  },
  'EnergyAccount.payment_schedules: Validate that only one open-ended payment schedule is allowed within each ledger_code group':
    {
      class: 'payload',
      file: 'payment-schedule-rules.ts',
      title: 'One open-ended schedule per ledger',
      checks: 'at most one open-ended payment schedule (not a debt repayment plan) per ledger',
    },
  'EnergyAccount.payment_schedules: Validate that payment schedules within each ledger_code group do not start on the same date':
    {
      class: 'payload',
      file: 'payment-schedule-rules.ts',
      title: 'Schedules per ledger start on different dates',
      checks: 'no two payment schedules (not debt repayment plans) of a ledger start on the same date',
    },
  'EnergyAccount.payment_schedules: Validate that payment schedules do not overlap within each ledger_code group':
    {
      class: 'payload',
      file: 'payment-schedule-rules.ts',
      title: 'Schedules per ledger do not overlap',
      checks: 'payment schedules (not debt repayment plans) of a ledger do not overlap',
    },
  'EnergyAccount.payment_schedules: Validate no gaps in future dated payment schedules': {
    class: 'payload',
    file: 'payment-schedule-rules.ts',
    title: 'No gaps before future schedules',
    checks: 'a future payment schedule starts the day after the one before it ends',
  },
  'EnergyAccount.smart_read_cycle_day: Validate day of the month': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Smart read cycle day',
    checks: 'smart_read_cycle_day is a day of the month (1 to 31)',
  },
  'EnergyAccount.supply_addresses: Validate no duplicate meter points on different supply addresses': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'A meter point at one supply address',
    checks: 'no meter point identifier appears at two supply addresses',
  },
  "EnergyAccount.supply_addresses: Validate that supply points are provided correctly based on the value of the 'Skip supply point creation' import config setting.":
    {
      class: 'supplier-settings',
      enforcedIn: 'supplier-settings-rules.ts',
      needs: ['skip_supply_point_creation'],
      title: 'Meter points as the supplier creates them',
      checks: "meter points are given, or not, as the supplier's skip-supply-point setting requires",
    },
  "EnergyAccount.supply_addresses: Validate that supply addresses are not provided if 'Skip property creation' is True":
    {
      class: 'supplier-settings',
      enforcedIn: 'supplier-settings-rules.ts',
      needs: ['skip_property_creation'],
      title: 'Supply addresses as the supplier creates properties',
      checks: 'no supply addresses where the supplier skips property creation',
    },
  'EnergyAccount.supply_addresses: Validate no duplicate supply addresses': {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'Supply addresses unique',
    checks: 'no two supply addresses share address line 1, line 2 and postcode',
  },
  'EnergyAccount.supply_addresses: Validate meter exchange readings provided': {
    class: 'payload',
    file: 'meter-exchange-rules.ts',
    title: 'Readings for exchanged meters',
    checks: 'a removed meter has a reading on its removal date and transfer readings',
  },
  'EnergyAccount.supply_addresses: Validate that a last billed to date is provided for an exchanged meter': {
    class: 'payload',
    file: 'meter-exchange-rules.ts',
    title: 'Last billed dates on exchanged meters',
    checks: 'a removed meter has a last billed to date; its replacement has none',
  },
  'EnergyAccount.supply_addresses: Validate no loss in progress at supply address': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'No loss in progress',
    checks: 'no meter point at a supply address has a supply end date after today',
  },
  'EnergyAccount.supply_addresses: Validate that no agents are provided when not sending registration flows':
    {
      class: 'supplier-settings',
      enforcedIn: 'supplier-settings-rules.ts',
      needs: ['send_registration_flows'],
      title: 'No agents without registration flows',
      checks: 'no agents to appoint where the supplier does not send registration flows',
    },
  'EnergyAccount.supply_addresses: Validate that import-export meters have two meter points': {
    class: 'payload',
    file: 'consumption-rules.ts',
    title: 'Import-export meters on two meter points',
    checks: "an IMPORT_EXPORT meter point's meter serial number is on one other meter point",
  },
  'EnergyAccount.supply_addresses: Valdiate that only twin element meters have duplicate meter points': {
    class: 'payload',
    file: 'consumption-rules.ts',
    title: 'Only import-export meters shared',
    checks: 'a meter serial number shared by meter points is an import-export pair',
  },
  'EnergyAccount.supply_addresses: Validate that there are no billed readings after the last_billed_to_date':
    {
      class: 'payload',
      file: 'reading-rules.ts',
      title: 'No billed reading after the last billed date',
      checks: "no billed reading is dated after its meter's or register's last billed to date",
    },
  'EnergyAccount.supply_addresses: Validate all transfer reading dates match last billed to date': {
    class: 'payload',
    file: 'reading-rules.ts',
    title: 'Transfer readings on the last billed date',
    checks: 'transfer readings are dated on the last billed to date that applies',
  },
  'AccountCampaign: Validate campaign name or slug provided': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Campaign by name or slug',
    checks: 'a campaign gives campaign_name or slug, not both',
  },
  'AccountCampaign: Validate campaign exists': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['campaigns'],
    title: 'Campaign exists',
    checks: 'the campaign is one the platform has',
  },
  'AccountCampaign: Validate expiry_date not before or equal to start_date': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'Campaign expiry after start',
    checks: "a campaign's expiry_date is after its start_date",
  },
  'AccountConsent.signed_at: Validate signed_at not in the future': {
    class: 'payload',
    file: 'customer-rules.ts',
    title: 'Account consent not signed in the future',
    checks: "an account consent's signed_at is not after today",
  },
  'AccountPortfolio: Validate portfolio reference provided correctly': {
    class: 'supplier-settings',
    enforcedIn: 'supplier-settings-rules.ts',
    needs: ['create_new_portfolios'],
    title: 'Portfolio reference as the supplier creates portfolios',
    checks: "the account portfolio's reference is given, or not, as the supplier's setting requires",
  },
  'AccountPortfolio: Validate no duplicate portfolio reference namespaces': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Portfolio reference namespaces unique',
    checks: 'no two references of the account portfolio share a namespace',
  },
  'AccountReference: Validate account reference does not already exist': {
    class: 'creation',
    title: 'Account reference unused',
    checks: 'no other account has the account reference',
  },
  'AccountReference.namespace: Validate account reference namespace': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['account_reference_namespaces'],
    title: 'Account reference namespace',
    checks: 'the reference namespace is one the platform has',
  },
  'Address: Validate and normalize postcode': {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'Address postcode',
    checks:
      "postal_code is a valid postcode of the address's country, where the service knows the country's rule",
  },
  'Address: Validate address': {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'Address lines',
    checks: 'an address has a street address',
  },
  'Address.delivery_point_identifier: Validate delivery point identifier': {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'Address delivery point identifier',
    checks: 'delivery_point_identifier has only capital letters and digits',
  },
  'Complaint: Validate complaint type and subtype': {
    class: 'reference-data',
    enforcedIn: 'configured-choice-rules.ts',
    needs: ['complaint_types'],
    title: 'Complaint type and subtype',
    checks: 'the complaint type and subtype are ones the platform allows',
  },
  "Complaint: Validate an official complaint's organization and status.": {
    class: 'reference-data',
    enforcedIn: 'configured-choice-rules.ts',
    needs: ['official_complaint_bodies'],
    title: 'Official complaint body and status',
    checks: 'the official body and status are ones the platform has',
  },
  'Complaint: Validate all required official complaint fields are present': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Official complaints complete',
    checks: 'an official complaint gives its reference number, body and status',
  },
  'Complaint: Validate that a CHSR letter has been sent for the complaint': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'CHSR letter before the eight-week letter',
    checks: 'a complaint with an eight-week letter also had a CHSR letter',
  },
  'Complaint.complainant_email: Validate email address is not test address': {
    class: 'payload',
    file: 'contact-rules.ts',
    title: 'Complainant e-mail not a test address',
    checks: 'complainant_email is not a test address',
  },
  'ContributionSchemeAgreement: Validate active_period_end_date not before active_period_start_date': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'Contribution agreement dates in order',
    checks: 'active_period_end_date is not before active_period_start_date',
  },
  'ContributionSchemeAgreement: Validate contribution period dates': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'Contribution periods within the agreement',
    checks: 'contribution periods fall within the active period and do not overlap',
  },
  'ContributionSchemeAgreement.scheme: Validate contribution scheme exists': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['contribution_schemes'],
    title: 'Contribution scheme exists',
    checks: 'the scheme is one the platform has',
  },
  'Debt: Validate debt collection agency': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'Debt agency named',
    checks:
      'a debt placed with an agency (start_date) names the agency; the agency itself is checked at creation',
  },
  'Debt.cais_reference: Validate CAIS reference available': {
    class: 'creation',
    title: 'CAIS reference available',
    checks: 'the CAIS reference is supported and unused by another account',
  },
  'DepositAgreement: Validate deposit agreement last interest date': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'Deposit interest date',
    checks: 'last_interest_date only on a fulfilled deposit, not before it was fulfilled',
  },
  'DunningPath.start_date: Validate date not in past': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'Dunning path not starting in the past',
    checks: "the dunning path's start_date is not before today",
  },
  'EnergyAccountBillingOptions: Validate industry billing or period provided': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Industry billing or a billing period',
    checks: 'billing options give industry billing or a period, not both',
  },
  'EnergyCommissionContract: data-import--validation--commission-uplift-validation-for-contract--display-name':
    {
      class: 'payload',
      file: 'business-rules.ts',
      title: 'Commission uplift or value',
      checks:
        'a commission contract gives a value where its type needs one, and not both uplifts and a value',
    },
  'EnergyCommissionContract: Validate effective_to not before effective_from': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'Commission contract dates in order',
    checks: 'effective_to is not before effective_from',
  },
  'EnergyCommissionContract.affiliate_organisation_name: Validate affiliate organisation exists': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['affiliate_organisations'],
    title: 'Affiliate organisation exists',
    checks: 'the affiliate organisation is one the platform has',
  },
  'EnergyCommissionContract.mpxn: Validate the supply point identifier': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'Commission contract meter point',
    checks: 'mpxn is a valid MPAN core or MPRN',
  },
  'EnergyCustomer: Ensures only user_details or details are provided': {
    class: 'payload',
    file: 'customer-rules.ts',
    title: 'Customer details one way',
    checks: 'a customer gives user_details or details, not both',
  },
  'EnergyCustomer: Validate no contact details for occupier': {
    class: 'payload',
    file: 'customer-rules.ts',
    title: 'No contact details for The Occupier',
    checks: 'a customer named The Occupier has no e-mail or phone numbers',
  },
  'EnergyCustomer: Validate that the customer\'s name is not "The Occupier"': {
    class: 'payload',
    file: 'customer-rules.ts',
    title: 'No customer named The Occupier',
    checks: 'no customer is named The Occupier (unknown_occupier says so)',
  },
  'EnergyCustomer: Validate metadata': {
    class: 'payload',
    file: 'customer-rules.ts',
    title: 'Customer metadata keys unique',
    checks: 'no two metadata items of a customer share a key',
  },
  'EnergyCustomer: Validate user role': {
    class: 'payload',
    file: 'customer-rules.ts',
    title: 'A customer role',
    checks: 'a customer has at least one account or portfolio role',
  },
  'EnergyCustomer: Validate exclusive role assignment': {
    class: 'creation',
    title: 'Exclusive roles alone',
    checks:
      "an exclusive role is the user's only role (which roles are exclusive, and the roles a user already holds, are the platform's)",
  },
  'EnergyCustomer: Validate that customer_preferences and consents are not both provided': {
    class: 'payload',
    file: 'customer-rules.ts',
    title: 'Customer preferences or consents',
    checks: 'a customer gives customer_preferences or consents, not both',
  },
  'EnergyCustomer.consents: Validate consents are only provided if enabled': {
    class: 'supplier-settings',
    enforcedIn: 'supplier-settings-rules.ts',
    needs: ['consents_enabled'],
    title: 'Customer consents enabled',
    checks: 'customer consents only where the supplier enables consents',
  },
  'EnergyCustomer.consents: Validate that each child has unique values for the type field': {
    class: 'payload',
    file: 'customer-rules.ts',
    title: 'Customer consent types unique',
    checks: 'no two consents of a customer share a type',
  },
  'EnergyCustomer.details: Validate user details': {
    class: 'reference-data',
    enforcedIn: 'detail-rules.ts',
    needs: ['customer_detail_namespaces'],
    title: 'Customer details registered',
    checks: 'customer detail namespaces and values are ones the platform registers',
  },
  'EnergyCustomer.email: Validate email address is not test address': {
    class: 'payload',
    file: 'contact-rules.ts',
    title: 'Customer e-mail not a test address',
    checks: "a customer's email is not a test address",
  },
  'EnergyCustomer.email: Validate email is not internal': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['internal_email_addresses'],
    title: 'Customer e-mail not internal',
    checks: "a customer's email is none of the platform's own addresses",
  },
  'EnergyCustomer.landline: Validate phone number': {
    class: 'payload',
    file: 'contact-rules.ts',
    title: 'Customer landline',
    checks: 'landline is a valid phone number',
  },
  'EnergyCustomer.mobile: Validate phone number': {
    class: 'payload',
    file: 'contact-rules.ts',
    title: 'Customer mobile',
    checks: 'mobile is a valid phone number',
  },
  'EnergyCustomer.user_details: Validate required customer details namespaces provided': {
    class: 'supplier-settings',
    enforcedIn: 'supplier-settings-rules.ts',
    needs: ['required_customer_detail_namespaces'],
    title: 'Required customer details',
    checks: 'customer details include the namespaces the supplier requires',
  },
  'EnergyFit: Validate payment instruction details are complete': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'FIT BACS payments complete',
    checks: 'a FIT BACS payment method gives the vendor name and instruction reference',
  },
  'EnergyLegacySupplyAddress: Validate supply address': {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'Supply address lines',
    checks: 'a supply address has a non-blank first line',
  },
  "EnergyLegacySupplyAddress: Validate landlord details and property administrators aren't both provided": {
    class: 'not-in-payload',
    title: 'Landlord details or administrators',
    checks: 'reads landlord details, which the published account does not carry',
  },
  'EnergyLegacySupplyAddress: Validate no more than one property administrator is provided': {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'One property administrator',
    checks: 'a supply address has one property administrator at most',
  },
  'EnergyLegacySupplyAddress.meter_points: Validate that there are no duplicate MPXNs on a supply point': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'Meter points unique at an address',
    checks: 'no meter point identifier appears twice at one supply address',
  },
  'EnergyLegacySupplyAddress.supply_delivery_point_identifier: Validate delivery point identifier': {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'Supply delivery point identifier',
    checks: 'supply_delivery_point_identifier has only capital letters and digits',
  },
  'EnergyLegacySupplyAddress.supply_postcode: Validate and normalize postcode': {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'Supply postcode',
    checks: 'supply_postcode is a valid UK postcode',
  },
  'EnergyWarmHomeDiscount.tax_year: Validate tax year format': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Warm home discount tax year',
    checks: 'tax_year reads YYYY/YY for consecutive years',
  },
  'Note: Validate note body or document paths provided': {
    class: 'payload',
    file: 'note-statement-rules.ts',
    title: 'Note body or documents',
    checks: 'a note has a body or document paths',
  },
  'Note: Validate note created at is equal to or before unpin at': {
    class: 'payload',
    file: 'note-statement-rules.ts',
    title: 'Note unpinned after creation',
    checks: "a note's unpin_at is not before its created_at",
  },
  'PartnerOrganisation: Validate valid_to not before valid_from': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'Partner organisation dates in order',
    checks: 'valid_to is not before valid_from',
  },
  'PartnerOrganisation.organisation_number: Validate organisation_number': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['partner_organisations'],
    title: 'Partner organisation exists',
    checks: 'the partner organisation is one the platform has',
  },
  'PaymentAdequacyChange: Validate payment adequacy change created before applied': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'Adequacy change created before applied',
    checks: 'applied_at is not before created_at',
  },
  'PaymentAdequacyChange: Validate payment adequacy change applied or reason provided': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'Adequacy change applied or not, with a reason',
    checks: 'an adequacy change has applied_at or a reason it was not applied, not both',
  },
  'PaymentAdequacyChange: Validate average monthly charge equal to sum': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'Adequacy monthly charges add up',
    checks: 'average_monthly_charge is the electricity plus gas monthly charges',
  },
  'PaymentAdequacyChange: Validate non zero balance adjustment equal to monthly difference': {
    class: 'payload',
    title: 'Adequacy balance adjustment',
    checks:
      'balance_adjustment is the monthly share of the difference between target and current balance; over how many months is not published, so it is not enforced yet',
  },
  'PaymentAdequacyChange: Validate direct debit between existing and max payment': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'Adequacy new Direct Debit in range',
    checks: 'new_direct_debit lies between the existing payment and the monthly charge plus adjustment',
  },
  'PaymentAdequacyChange.applied_at: Validate payment adequacy change applied in past': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'Adequacy change not applied in the future',
    checks: 'applied_at is not after today',
  },
  'PaymentAdequacyChange.created_at: Validate payment adequacy change created in past': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'Adequacy change not created in the future',
    checks: 'created_at is not after today',
  },
  'PaymentInstruction: null': {
    class: 'supplier-settings',
    needs: ['incomplete payments enabled'],
    notEnforced: "the platform publishes neither the rule's name nor what makes an instruction incomplete",
    title: 'Incomplete payment instructions enabled',
    checks: 'incomplete payment instructions only where the supplier enables them',
  },
  'PaymentInstruction.ledger_code: Validate ledger code': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['ledger_codes'],
    title: 'Payment instruction ledger code',
    checks: 'ledger_code names a ledger type the platform has',
  },
  'PaymentPlan.payments: Validates that the payment plan payment components are unique': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'Payment plan components unique',
    checks: 'no two payment plan payments share a date and component type',
  },
  'PaymentPlan.strategy_name: Validate that the strategy exists': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['payment_plan_strategies'],
    title: 'Payment plan strategy exists',
    checks: 'strategy_name names a strategy the platform has',
  },
  'PaymentSchedule: Validate end_date not before start_date': {
    class: 'payload',
    file: 'payment-schedule-rules.ts',
    title: 'Payment schedule dates in order',
    checks: 'end_date is not before start_date',
  },
  'PaymentSchedule: Validate fixed payment schedule has amount': {
    class: 'payload',
    file: 'payment-schedule-rules.ts',
    title: 'Fixed schedules have an amount',
    checks: 'a payment schedule not triggered by bills has a non-zero amount',
  },
  'PaymentSchedule: Validate regular payment schedule frequency provided': {
    class: 'payload',
    file: 'payment-schedule-rules.ts',
    title: 'Regular schedules have a frequency',
    checks: 'a regular payment schedule has a frequency',
  },
  'PaymentSchedule: Validate payment schedule balance threshold provided': {
    class: 'payload',
    file: 'payment-schedule-rules.ts',
    title: 'Balance-triggered schedules have a threshold',
    checks: 'a balance-triggered schedule has a balance_threshold',
  },
  'PaymentSchedule: Validate debt repayment end date provided': {
    class: 'payload',
    file: 'payment-schedule-rules.ts',
    title: 'Debt repayment end date given',
    checks: 'a schedule with a debt repayment element has debt_repayment_end_date',
  },
  'PaymentSchedule: Validate debt repayment end date is not later than schedule end date': {
    class: 'payload',
    file: 'payment-schedule-rules.ts',
    title: 'Debt repayment ends within the schedule',
    checks: "debt_repayment_end_date is not after the schedule's end_date",
  },
  'PaymentSchedule: Validate exempt from payment adequacy is applied only to regular schedule': {
    class: 'payload',
    file: 'payment-schedule-rules.ts',
    title: 'Only regular schedules exempt from adequacy',
    checks: 'exempt_from_payment_adequacy only on a regular schedule',
  },
  'PaymentSchedule: Validate fixed payment schedule has payment day': {
    class: 'payload',
    file: 'payment-schedule-rules.ts',
    title: 'Regular schedules have a payment day',
    checks: 'a regular schedule has day_of_month',
  },
  'PaymentSchedule: Validate instalments is provided if trigger is PLAN': {
    class: 'payload',
    file: 'payment-schedule-rules.ts',
    title: 'Plan schedules have instalments',
    checks: 'a schedule triggered by a plan has instalments',
  },
  'PaymentSchedule: Validate instalment payment amounts sum to total amount': {
    class: 'payload',
    file: 'payment-schedule-rules.ts',
    title: 'Instalments add up',
    checks: "a plan schedule's instalments sum to its amount",
  },
  'PaymentSchedule: Validate instalment payment date is within payment schedule active period': {
    class: 'payload',
    file: 'payment-schedule-rules.ts',
    title: 'Instalments within the schedule',
    checks: "each instalment is dated within the schedule's start and end dates",
  },
  'PaymentSchedule: Validate that the delayer days is set if delayer strategy is set': {
    class: 'payload',
    file: 'payment-schedule-rules.ts',
    title: 'Delay strategy complete',
    checks: 'a delay strategy comes with delay_days and a bill trigger',
  },
  'PaymentSchedule: Validate that the payment amount for fixed payment schedules is within the minor currency unit range of 0 - upper_bound':
    {
      class: 'supplier-settings',
      enforcedIn: 'payment-settings-rules.ts',
      needs: ['minimum_fixed_payment_amount', 'maximum_fixed_payment_amount'],
      title: 'Fixed schedule amount in range',
      checks: "a fixed schedule's amount lies within the supplier's bounds",
    },
  'PaymentSchedule: Standalone payment request method code is unexpected': {
    class: 'not-in-payload',
    title: 'Standalone request method only for manual schedules',
    checks:
      'reads standalone_payment_request_method_code, which the published payment schedule does not carry',
  },
  'PaymentSchedule: Standalone payment request method code is valid': {
    class: 'reference-data',
    needs: ['payment request methods'],
    notEnforced: 'the published payment schedule carries no standalone_payment_request_method_code to judge',
    title: 'Standalone request method registered',
    checks: 'the standalone payment request method is one the platform registers',
  },
  'PaymentSchedule.day_of_month: Validate payment day for payment schedule': {
    class: 'supplier-settings',
    enforcedIn: 'payment-settings-rules.ts',
    needs: ['minimum_payment_day', 'maximum_payment_day'],
    title: 'Payment day in range',
    checks: "day_of_month lies within the supplier's payment days",
  },
  'PaymentSchedule.instalments: Validate that each child has a unique combination of values for the payment_date, payment_type fields':
    {
      class: 'payload',
      file: 'payment-schedule-rules.ts',
      title: 'Instalments unique',
      checks: 'no two instalments share a payment date and type',
    },
  'PaymentSchedule.ledger_code: Validate ledger code': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['ledger_codes'],
    title: 'Payment schedule ledger code',
    checks: 'ledger_code names a ledger type the platform has',
  },
  'Statement: null': {
    class: 'payload',
    file: 'note-statement-rules.ts',
    title: 'Statement document',
    checks: 'a statement gives its statement_path',
  },
  'Statement.statement_path: Validate path exists in file store': {
    class: 'creation',
    title: 'Statement document uploaded',
    checks: 'statement_path names a file in the migration store',
  },
  'BaseBusiness.company_number: Validate company number': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Business company number',
    checks: 'company_number is a valid company number',
  },
  'BaseBusiness.details: Validate that each child has unique values for the key field': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Business detail keys unique',
    checks: 'no two business details share a key',
  },
  'BusinessWithExistingContracts: Validate that business information is provided if not linking account to business with contract':
    {
      class: 'supplier-settings',
      enforcedIn: 'business-settings-rules.ts',
      needs: ['enforce_business_contracts_exist', 'link_account_to_business_with_contract'],
      title: 'Business information unless linking by contract',
      checks: "business information is given unless the supplier links accounts to a contract's business",
    },
  'BusinessWithExistingContracts: Validate that business information is not provided if linking an account to the business of the business contract.':
    {
      class: 'supplier-settings',
      enforcedIn: 'business-settings-rules.ts',
      needs: ['enforce_business_contracts_exist', 'link_account_to_business_with_contract'],
      title: 'No business information when linking by contract',
      checks: "no business information where the supplier links accounts to a contract's business",
    },
  'BusinessWithExistingContracts: Validate that at least one contract identifier is provided for import': {
    class: 'supplier-settings',
    enforcedIn: 'business-settings-rules.ts',
    needs: ['enforce_business_contracts_exist'],
    title: 'A contract identifier',
    checks:
      'a business linked by existing contracts gives a contract identifier (that branch of business is chosen by a supplier setting)',
  },
  'BusinessWithExistingContracts.company_number: Validate company number': {
    class: 'supplier-settings',
    needs: ['enforce_business_contracts_exist'],
    notEnforced:
      "the same check as on any business: BaseBusiness's rule judges company_number at business, whichever branch",
    title: 'Contract business company number',
    checks:
      'company_number is a valid company number (the same check as on any business; the branch is chosen by a supplier setting)',
  },
  'BusinessWithExistingContracts.details: Validate that each child has unique values for the key field': {
    class: 'supplier-settings',
    needs: ['enforce_business_contracts_exist'],
    notEnforced:
      "the same check as on any business: BaseBusiness's rule judges business.details, whichever branch",
    title: 'Contract business detail keys unique',
    checks:
      'no two business details share a key (the same check as on any business; the branch is chosen by a supplier setting)',
  },
  'ComplaintContact: Validate the complaint communication source': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['complaint_sources'],
    title: 'Complaint contact source',
    checks: 'communication_source is one the platform has',
  },
  'ContributionSchemePeriod: Validate end_date not before start_date': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'Contribution period dates in order',
    checks: 'end_date is not before start_date',
  },
  'CustomerAlternativeNumber.phone_number: Validate phone number': {
    class: 'payload',
    file: 'contact-rules.ts',
    title: 'Alternative phone number',
    checks: 'phone_number is a valid phone number',
  },
  'CustomerConsent.signed_at: Validate signed_at not in the future': {
    class: 'payload',
    file: 'customer-rules.ts',
    title: 'Customer consent not signed in the future',
    checks: "a customer consent's signed_at is not after today",
  },
  'CustomerUserDetail: Validate user details': {
    class: 'reference-data',
    enforcedIn: 'detail-rules.ts',
    needs: ['customer_detail_namespaces'],
    title: 'User detail registered',
    checks: 'the user detail namespace and value are ones the platform registers',
  },
  'EnergyPSR: Validate PSR industry code provided': {
    class: 'payload',
    file: 'customer-rules.ts',
    title: 'PSR industry code',
    checks: 'a PSR record gives an electricity or a gas industry code',
  },
  'EnergyPSR: Validate that temporary PSRs have an effective_to datetime specified': {
    class: 'reference-data',
    enforcedIn: 'psr-rules.ts',
    needs: ['psr_needs'],
    title: 'Temporary PSR records end',
    checks: 'a temporary PSR record has effective_to (which needs are temporary is reference data)',
  },
  'EnergyPSR.description: Validate PSR description': {
    class: 'reference-data',
    enforcedIn: 'psr-rules.ts',
    needs: ['psr_needs'],
    title: 'PSR description',
    checks: 'the PSR description is one the platform has',
  },
  'EnergyPSR.elec_industry_code: Validate PSR electricity industry code': {
    class: 'reference-data',
    enforcedIn: 'psr-rules.ts',
    needs: ['psr_needs'],
    title: 'PSR electricity code',
    checks: 'the electricity industry code is one the platform has',
  },
  'EnergyPSR.gas_industry_code: Validate PSR gas industry code': {
    class: 'reference-data',
    enforcedIn: 'psr-rules.ts',
    needs: ['psr_needs'],
    title: 'PSR gas code',
    checks: 'the gas industry code is one the platform has',
  },
  'PropertyAdministrator: Validate effective_to not before effective_from': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'Administrator dates in order',
    checks: 'effective_to is not before effective_from',
  },
  'PropertyAdministrator.landline: Validate phone number': {
    class: 'payload',
    file: 'contact-rules.ts',
    title: 'Administrator landline',
    checks: 'landline is a valid phone number',
  },
  'PropertyAdministrator.mobile: Validate phone number': {
    class: 'payload',
    file: 'contact-rules.ts',
    title: 'Administrator mobile',
    checks: 'mobile is a valid phone number',
  },
  'EnergyCharge.transaction_date: Validate transaction date': {
    class: 'payload',
    file: 'statement-transaction-rules.ts',
    title: 'Charge not in the future',
    checks: 'transaction_date is not after today',
  },
  'EnergyCredit.transaction_date: Validate transaction date': {
    class: 'payload',
    file: 'statement-transaction-rules.ts',
    title: 'Credit not in the future',
    checks: 'transaction_date is not after today',
  },
  'EnergyPayment.transaction_date: Validate transaction date': {
    class: 'payload',
    file: 'statement-transaction-rules.ts',
    title: 'Payment not in the future',
    checks: 'transaction_date is not after today',
  },
  'EnergyRepayment.transaction_date: Validate transaction date': {
    class: 'payload',
    file: 'statement-transaction-rules.ts',
    title: 'Repayment not in the future',
    checks: 'transaction_date is not after today',
  },
  'EnergySupplyCharge: Validates supply charge line item rate': {
    class: 'reference-data',
    needs: ['products'],
    notEnforced: 'the platform publishes no error code for it',
    title: 'Supply charge rates',
    checks: "the product and each line item's rate band exist (products are reference data)",
  },
  'EnergySupplyCharge: Validate that the given price per unit matches an existing rate price per unit': {
    class: 'reference-data',
    needs: ['products (with rate prices)'],
    notEnforced: 'the platform publishes no error code for it, and products carry no rate prices',
    title: 'Supply charge unit prices',
    checks: "each unit price matches the product's rate (products are reference data)",
  },
  'EnergySupplyCharge: Validate line item number of units': {
    class: 'reference-data',
    needs: ['products (standing charge bands)'],
    notEnforced: 'the platform publishes no error code for it',
    title: 'Standing charge units',
    checks:
      'standing charge units match the days of the period (which rates are standing charges is reference data)',
  },
  'EnergySupplyCharge: Validate that the total transaction amount is correct': {
    class: 'payload',
    file: 'supply-charge-rules.ts',
    title: 'Supply charge amount adds up',
    checks: "amount equals the line items' net amounts plus the tax items",
  },
  'EnergySupplyCharge: Ensure supply point identifier is provided when line items use rate_specification_code':
    {
      class: 'payload',
      file: 'supply-charge-rules.ts',
      title: 'Meter point for rate specifications',
      checks: 'a supply charge whose line items use rate_specification_code gives supply_point_identifier',
    },
  'EnergySupplyCharge: Validate that the line items do not overlap with any already charged periods': {
    class: 'creation',
    title: 'Supply charge periods not charged before',
    checks: 'line items do not overlap periods already charged on the meter point',
  },
  'EnergySupplyCharge.product_code: Validate product code exists': {
    class: 'reference-data',
    enforcedIn: 'product-rules.ts',
    needs: ['products'],
    title: 'Supply charge product exists',
    checks: 'product_code names a product the platform has',
  },
  'EnergySupplyCharge.transaction_date: Validate transaction date': {
    class: 'payload',
    file: 'statement-transaction-rules.ts',
    title: 'Supply charge not in the future',
    checks: 'transaction_date is not after today',
  },
  'NoteDocument.document_path: Validate path exists in file store': {
    class: 'creation',
    title: 'Note document uploaded',
    checks: 'document_path names a file in the migration store',
  },
  'Ledger.ledger_code: Validate ledger code': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['ledger_codes'],
    title: 'Ledger code',
    checks: 'ledger_code names a ledger type the platform has',
  },
  'PaymentPlanPayment: Validate that component amounts sum up to the total': {
    class: 'payload',
    file: 'payment-rules.ts',
    title: 'Payment plan payment adds up',
    checks: "a payment's amount components sum to its total",
  },
  'BusinessDetail: Validate that the value for the business details key has the correct type': {
    class: 'reference-data',
    enforcedIn: 'detail-rules.ts',
    needs: ['business_detail_keys'],
    title: 'Business detail value type',
    checks: "a business detail's value has its key's type",
  },
  'BusinessDetail: Validate the business details value': {
    class: 'reference-data',
    enforcedIn: 'detail-rules.ts',
    needs: ['business_detail_keys'],
    title: 'Business detail value',
    checks: "a business detail's value passes its key's rule",
  },
  'BusinessPortfolio: Validate portfolio reference provided correctly': {
    class: 'supplier-settings',
    enforcedIn: 'supplier-settings-rules.ts',
    needs: ['create_new_portfolios'],
    title: 'Business portfolio reference as the supplier creates portfolios',
    checks: "a business portfolio's reference is given, or not, as the supplier's setting requires",
  },
  'BusinessPortfolio: Validate no duplicate portfolio reference namespaces': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Business portfolio namespaces unique',
    checks: 'no two references of a business portfolio share a namespace',
  },
  'BusinessUser: Ensures only user_details or details are provided': {
    class: 'payload',
    file: 'customer-rules.ts',
    title: 'Business user details one way',
    checks: 'a business user gives user_details or details, not both',
  },
  'BusinessUser: Validate no contact details for occupier': {
    class: 'payload',
    file: 'customer-rules.ts',
    title: 'No contact details for The Occupier (business user)',
    checks: 'a business user named The Occupier has no e-mail or phone numbers',
  },
  'BusinessUser: Validate that the customer\'s name is not "The Occupier"': {
    class: 'payload',
    file: 'customer-rules.ts',
    title: 'No business user named The Occupier',
    checks: 'no business user is named The Occupier',
  },
  'BusinessUser.details: Validate user details': {
    class: 'reference-data',
    enforcedIn: 'detail-rules.ts',
    needs: ['customer_detail_namespaces'],
    title: 'Business user details registered',
    checks: 'user detail namespaces and values are ones the platform registers',
  },
  'BusinessUser.email: Validate email address is not test address': {
    class: 'payload',
    file: 'contact-rules.ts',
    title: 'Business user e-mail not a test address',
    checks: 'email is not a test address',
  },
  'BusinessUser.email: Validate email is not internal': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['internal_email_addresses'],
    title: 'Business user e-mail not internal',
    checks: "email is none of the platform's own addresses",
  },
  'BusinessUser.landline: Validate phone number': {
    class: 'payload',
    file: 'contact-rules.ts',
    title: 'Business user landline',
    checks: 'landline is a valid phone number',
  },
  'BusinessUser.mobile: Validate phone number': {
    class: 'payload',
    file: 'contact-rules.ts',
    title: 'Business user mobile',
    checks: 'mobile is a valid phone number',
  },
  'BusinessUser.user_details: Validate required customer details namespaces provided': {
    class: 'supplier-settings',
    enforcedIn: 'supplier-settings-rules.ts',
    needs: ['required_customer_detail_namespaces'],
    title: 'Required business user details',
    checks: 'user details include the namespaces the supplier requires',
  },
  'EnergyAddress.postcode: Validate and normalize postcode': {
    class: 'payload',
    file: 'address-rules.ts',
    title: 'FIT installation postcode',
    checks: 'postcode is a valid UK postcode',
  },
  'ElectricityMeterPoint: Validate supply_end_date not before supply_start_date': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'Electricity supply dates in order',
    checks: 'supply_end_date is not before supply_start_date',
  },
  'ElectricityMeterPoint: Validate agreements do not start before supply start date': {
    class: 'payload',
    file: 'agreement-rules.ts',
    title: 'Electricity agreements within supply',
    checks: 'no agreement starts before the supply start date',
  },
  'ElectricityMeterPoint: Validate that dummy meter exchanges are valid': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Electricity dummy meter exchanges',
    checks:
      'meters sharing a serial number follow one another: one removed the day before the other is installed',
  },
  'ElectricityMeterPoint: Validate that registers are present for active meters': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Registers on active electricity meters',
    checks: 'an active electricity meter has at least one register',
  },
  'ElectricityMeterPoint: Validate that TPRs are present for all non half-hourly meter points': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'TPRs on non-half-hourly registers',
    checks: 'each register of a non-half-hourly meter point has a TPR',
  },
  'ElectricityMeterPoint: Validate that the agent contract references exists': {
    class: 'reference-data',
    enforcedIn: 'configured-choice-rules.ts',
    needs: ['agent_contract_references'],
    title: 'Agent contract references exist',
    checks: 'agent contract references are ones the platform has',
  },
  'ElectricityMeterPoint: Validate that either agents or MPIDs to appoint are provided, or none are provided':
    {
      class: 'payload',
      file: 'meter-point-rules.ts',
      title: 'Agents or agents to appoint',
      checks: 'not both agents and dc/mop agents to appoint',
    },
  'ElectricityMeterPoint.capacity_values: Validate that the given periods are consecutive and have no gaps': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'Capacity values consecutive',
    checks: 'capacity value periods follow one another without gaps, overlaps or zero length',
  },
  'ElectricityMeterPoint.ccl_exemptions: Validate tax exemption end dates': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'One open-ended CCL exemption',
    checks: 'at most one CCL exemption without effective_to',
  },
  'ElectricityMeterPoint.ccl_exemptions: Validate no overlapping tax exemptions': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'CCL exemptions do not overlap',
    checks: 'CCL exemptions of an electricity meter point do not overlap',
  },
  'ElectricityMeterPoint.configuration_periods: Validate that the given periods are consecutive and have no gaps':
    {
      class: 'payload',
      file: 'period-rules.ts',
      title: 'Configuration periods consecutive',
      checks: 'configuration periods follow one another without gaps, overlaps or zero length',
    },
  'ElectricityMeterPoint.configuration_periods: Validate that configuration periods start in the past': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'Configuration periods started, latest open',
    checks: 'configuration periods start by today and the latest has no end',
  },
  'ElectricityMeterPoint.dc_to_appoint: Validate that the market participant exists': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['market_participants'],
    title: 'DC to appoint exists',
    checks: 'dc_to_appoint is a market participant the platform has',
  },
  'ElectricityMeterPoint.dr_in_progress: Validate that no disputed reads are in progress': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'No disputed read in progress (electricity)',
    checks: 'dr_in_progress is not true',
  },
  'ElectricityMeterPoint.eac_history: Validate that there are no repeated entries in the EAC history': {
    class: 'payload',
    file: 'consumption-rules.ts',
    title: 'EACs unique',
    checks: 'no two EACs share effective_from and TPR',
  },
  'ElectricityMeterPoint.et_in_progress: Validate that no erroneous transfers are in progress': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'No erroneous transfer in progress (electricity)',
    checks: 'et_in_progress is not true',
  },
  'ElectricityMeterPoint.identifier: Validate the supply point identifier': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'MPAN core',
    checks: 'identifier is a 13-digit MPAN core with a valid check digit',
  },
  'ElectricityMeterPoint.meters: No repeated meter register IDs': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Register IDs unique per meter',
    checks: 'no two registers of a meter share a register_id',
  },
  'ElectricityMeterPoint.mop_to_appoint: Validate that the market participant exists': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['market_participants'],
    title: 'MOP to appoint exists',
    checks: 'mop_to_appoint is a market participant the platform has',
  },
  'ElectricityMeterPoint.mpid: Validate that the market participant exists': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['market_participants'],
    title: 'Electricity supplier exists',
    checks: 'mpid is a market participant the platform has',
  },
  'ElectricityMeterPoint.vat_exemptions: Validate tax exemption end dates': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'One open-ended VAT exemption (electricity)',
    checks: 'at most one VAT exemption without effective_to',
  },
  'ElectricityMeterPoint.vat_exemptions: Validate no overlapping tax exemptions': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'VAT exemptions do not overlap (electricity)',
    checks: 'VAT exemptions of an electricity meter point do not overlap',
  },
  'GasMeterPoint: Validate supply_end_date not before supply_start_date': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'Gas supply dates in order',
    checks: 'supply_end_date is not before supply_start_date',
  },
  'GasMeterPoint: Validate agreements do not start before supply start date': {
    class: 'payload',
    file: 'agreement-rules.ts',
    title: 'Gas agreements within supply',
    checks: 'no agreement starts before the supply start date',
  },
  'GasMeterPoint: Validate that dummy meter exchanges are valid': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Gas dummy meter exchanges',
    checks:
      'meters sharing a serial number follow one another: one removed the day before the other is installed',
  },
  'GasMeterPoint.aq_history: Validate that at most one open-ended AQ entry is present in the AQ history': {
    class: 'payload',
    file: 'consumption-rules.ts',
    title: 'One open-ended AQ',
    checks: 'at most one AQ without effective_to',
  },
  'GasMeterPoint.aq_history: Validate that there are no gaps in the AQ history': {
    class: 'payload',
    file: 'consumption-rules.ts',
    title: 'AQ history consecutive',
    checks: 'each AQ starts the day after the one before it ends',
  },
  'GasMeterPoint.ccl_exemptions: Validate tax exemption end dates': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'One open-ended CCL exemption (gas)',
    checks: 'at most one CCL exemption without effective_to',
  },
  'GasMeterPoint.ccl_exemptions: Validate no overlapping tax exemptions': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'CCL exemptions do not overlap (gas)',
    checks: 'CCL exemptions of a gas meter point do not overlap',
  },
  'GasMeterPoint.dr_in_progress: Validate that no disputed reads are in progress': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'No disputed read in progress (gas)',
    checks: 'dr_in_progress is not true',
  },
  'GasMeterPoint.et_in_progress: Validate that no erroneous transfers are in progress': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'No erroneous transfer in progress (gas)',
    checks: 'et_in_progress is not true',
  },
  'GasMeterPoint.identifier: Validate the supply point identifier': {
    class: 'payload',
    file: 'meter-point-rules.ts',
    title: 'MPRN',
    checks: 'identifier is an MPRN of 6 to 10 digits',
  },
  'GasMeterPoint.mam_to_appoint: Validate that the market participant exists': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['market_participants'],
    title: 'MAM to appoint exists',
    checks: 'mam_to_appoint is a market participant the platform has',
  },
  'GasMeterPoint.mpid: Validate that the market participant exists': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['market_participants'],
    title: 'Gas supplier exists',
    checks: 'mpid is a market participant the platform has',
  },
  'GasMeterPoint.shipper_mpid: Validate that the market participant exists': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['market_participants'],
    title: 'Shipper exists',
    checks: 'shipper_mpid is a market participant the platform has',
  },
  'GasMeterPoint.vat_exemptions: Validate tax exemption end dates': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'One open-ended VAT exemption (gas)',
    checks: 'at most one VAT exemption without effective_to',
  },
  'GasMeterPoint.vat_exemptions: Validate no overlapping tax exemptions': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'VAT exemptions do not overlap (gas)',
    checks: 'VAT exemptions of a gas meter point do not overlap',
  },
  'LineItem: Validate end_date not before start_date': {
    class: 'payload',
    file: 'supply-charge-rules.ts',
    title: 'Line item dates in order',
    checks: 'end_date is not before start_date',
  },
  'LineItem: Validate the line item net amount': {
    class: 'payload',
    file: 'supply-charge-rules.ts',
    title: 'Line item net amount',
    checks: 'net_amount is price_per_unit times number_of_units, to the penny',
  },
  'LineItem: Ensure that the band or rate specification or time series specification for a line item is specified.':
    {
      class: 'payload',
      file: 'supply-charge-rules.ts',
      title: 'One rate specification per line item',
      checks: 'exactly one of rate_band, rate_specification_code or time_series_specification_code',
    },
  'LineItem.units: Validate line item units': {
    class: 'payload',
    file: 'supply-charge-rules.ts',
    title: 'Line item units a pair',
    checks: 'units, when given, has two values',
  },
  'ElectricityAgreement: Validate effective_to not before effective_from': {
    class: 'payload',
    file: 'agreement-rules.ts',
    title: 'Electricity agreement dates in order',
    checks: 'effective_to is not before effective_from',
  },
  'ElectricityAgreement: Validate that the rate bands given in the rate overrides are valid for the product code':
    {
      class: 'reference-data',
      enforcedIn: 'product-rules.ts',
      needs: ['tariffs', 'products'],
      title: 'Electricity rate overrides',
      checks: "rate override bands exist for the tariff's product (products are reference data)",
    },
  'ElectricityAgreement: Validate that either register_id or rate_type are provided for bespoke tariff rate registers':
    {
      class: 'payload',
      file: 'business-rules.ts',
      title: 'Bespoke electricity register named',
      checks: 'each register of a bespoke rate gives register_id or rate_type',
    },
  'ElectricityAgreement: Validate effective to provided for end dated electricity product': {
    class: 'reference-data',
    enforcedIn: 'product-rules.ts',
    needs: ['tariffs', 'products'],
    title: 'Electricity agreement ends with its product',
    checks: 'an agreement on an end-dated product has effective_to (products are reference data)',
  },
  'ElectricityAgreement.bespoke_tariff_rates: Validate that all bespoke tariff rates are unique': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Bespoke electricity rates unique',
    checks: 'no two bespoke rates are the same',
  },
  'ElectricityAgreement.characteristics: Validate that each child has unique values for the code field': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Electricity characteristics unique',
    checks: 'no two characteristics share a code',
  },
  'ElectricityAgreement.tariff_code: Validate electricity tariff exists': {
    class: 'reference-data',
    enforcedIn: 'product-rules.ts',
    needs: ['tariffs'],
    title: 'Electricity tariff exists',
    checks: 'tariff_code names a tariff the platform has',
  },
  'ElectricityCapacityValue: Validate effective_to_date not before effective_from_date': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'Capacity value dates in order',
    checks: 'effective_to_date is not before effective_from_date',
  },
  'ElectricityConfigurationPeriod: Validate effective_to_date not before effective_from_date': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'Configuration period dates in order',
    checks: 'effective_to_date is not before effective_from_date',
  },
  'ElectricityMeter: Validate that smart fields are only provided for smart meters': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Smart fields only on smart electricity meters',
    checks: 'smart_device_id and smart_commissioned_on only on a smart meter',
  },
  'ElectricityMeter: Validate that prepay fields are only provided for prepay meters': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Prepay fields only on prepay electricity meters',
    checks: 'prepay details and reference only on a prepay meter',
  },
  'ElectricityMeter: Validate electricity prepay meter has customer reference number': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Prepay electricity meter reference number',
    checks: 'an active prepay electricity meter has prepay_customer_reference_number',
  },
  'ElectricityMeter: Validate that transfer readings belong to active meter register IDs': {
    class: 'payload',
    file: 'reading-rules.ts',
    title: 'Transfer readings on known registers',
    checks: 'each transfer reading of an electricity meter names one of its registers',
  },
  'ElectricityMeter: Validate that historical readings have existing register IDs': {
    class: 'payload',
    file: 'reading-rules.ts',
    title: 'Historical readings on known registers',
    checks: 'each historical reading of an electricity meter names one of its registers',
  },
  'ElectricityMeter.meter_serial_number: Validate meter serial number': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Electricity meter serial number',
    checks: 'meter_serial_number is 1 to 10 capital letters and digits',
  },
  'ElectricityMeter.prepay_customer_reference_number: Validate prepay customer reference number': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Prepay reference number (electricity)',
    checks: 'prepay_customer_reference_number is a whole number, blanks aside',
  },
  'ElectricityMeter.registers: Validate that registers have unique TPRs': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Register TPRs unique',
    checks: 'no two registers of a meter share a TPR, but odd TPRs 01201 to 01229 twice',
  },
  'ElectricityMeter.smart_commissioned_on: Validate that the commissioned on date is valid': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Electricity smart commissioning not in the future',
    checks: 'smart_commissioned_on is not after today',
  },
  'ElectricityMeter.smart_device_id: Validate that the smart device ID is valid': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Electricity smart device ID',
    checks: 'smart_device_id is eight hexadecimal pairs joined by hyphens',
  },
  'EnergySmartRefusalInterest: Validate smart refusal reason': {
    class: 'payload',
    file: 'consumption-rules.ts',
    title: 'Smart refusal reason only with refusals',
    checks: 'refusal_reason only where type is not INTERESTED',
  },
  'EnergyTaxExemption: Validate effective_to not before or equal to effective_from': {
    class: 'payload',
    file: 'period-rules.ts',
    title: 'Tax exemption ends after it starts',
    checks: 'effective_to is after effective_from',
  },
  'GasAgreement: Validate effective_to not before effective_from': {
    class: 'payload',
    file: 'agreement-rules.ts',
    title: 'Gas agreement dates in order',
    checks: 'effective_to is not before effective_from',
  },
  'GasAgreement: Validate that the rate bands given in the rate overrides are valid for the product code': {
    class: 'reference-data',
    enforcedIn: 'product-rules.ts',
    needs: ['tariffs', 'products'],
    title: 'Gas rate overrides',
    checks: "rate override bands exist for the tariff's product (products are reference data)",
  },
  'GasAgreement: Validate that either register_id or rate_type are provided for bespoke tariff rate registers':
    {
      class: 'not-in-payload',
      title: 'Bespoke gas rate registers named',
      checks: 'a gas bespoke rate has no registers: nothing for the rule to read',
    },
  'GasAgreement: Validate effective to provided for end dated gas product': {
    class: 'reference-data',
    enforcedIn: 'product-rules.ts',
    needs: ['tariffs', 'products'],
    title: 'Gas agreement ends with its product',
    checks: 'an agreement on an end-dated product has effective_to (products are reference data)',
  },
  'GasAgreement.bespoke_tariff_rates: Validate that all bespoke tariff rates are unique': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Bespoke gas rates unique',
    checks: 'no two bespoke rates are the same',
  },
  'GasAgreement.characteristics: Validate that each child has unique values for the code field': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Gas characteristics unique',
    checks: 'no two characteristics share a code',
  },
  'GasAgreement.tariff_code: Validate gas tariff exists': {
    class: 'reference-data',
    enforcedIn: 'product-rules.ts',
    needs: ['tariffs'],
    title: 'Gas tariff exists',
    checks: 'tariff_code names a tariff the platform has',
  },
  'GasAnnualQuantity: Validate effective_to not before effective_from': {
    class: 'payload',
    file: 'consumption-rules.ts',
    title: 'AQ dates in order',
    checks: 'effective_to is not before effective_from',
  },
  'GasMeter: Validate that smart fields are only provided for smart meters': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Smart fields only on smart gas meters',
    checks: 'smart_device_id and smart_commissioned_on only on a smart meter',
  },
  'GasMeter: Validate that prepay fields are only provided for prepay meters': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Prepay fields only on prepay gas meters',
    checks: 'prepay details and reference only on a prepay meter',
  },
  'GasMeter.meter_serial_number: Validate meter serial number': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Gas meter serial number',
    checks: 'meter_serial_number is 1 to 14 capital letters and digits',
  },
  'GasMeter.prepay_customer_reference_number: Validate prepay customer reference number': {
    class: 'not-in-payload',
    title: 'Prepay reference number (gas)',
    checks: 'the published rule reads electricity meters only: nothing to check on a gas meter',
  },
  'GasMeter.smart_commissioned_on: Validate that the commissioned on date is valid': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Gas smart commissioning not in the future',
    checks: 'smart_commissioned_on is not after today',
  },
  'GasMeter.smart_device_id: Validate that the smart device ID is valid': {
    class: 'payload',
    file: 'meter-rules.ts',
    title: 'Gas smart device ID',
    checks: 'smart_device_id is eight hexadecimal pairs joined by hyphens',
  },
  'ElectricityAgentContractReference.agent_mpid: Validate that the market participant exists': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['market_participants'],
    title: 'Agent exists',
    checks: 'agent_mpid is a market participant the platform has',
  },
  'AgreementIntermediaryDetails.portfolio_number: Validate the portfolio number': {
    class: 'payload',
    file: 'business-rules.ts',
    title: 'Intermediary portfolio number',
    checks: 'portfolio_number is P- and 8 capital letters or digits',
  },
  'ProductCharacteristic: Validate that characteristics.code and characteristics.value are valid': {
    class: 'reference-data',
    enforcedIn: 'configured-choice-rules.ts',
    needs: ['product_characteristics'],
    title: 'Characteristic code and value',
    checks: 'the characteristic code exists and its value is allowed',
  },
  'ElectricityRegister.tpr: Validate TPR exists': {
    class: 'reference-data',
    enforcedIn: 'reference-data-rules.ts',
    needs: ['tprs'],
    title: 'TPR exists',
    checks: "tpr is a TPR of the market's data",
  },
};
