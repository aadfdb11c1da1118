import type { NameKind } from '../reference-data/reference-kinds.js';
import {
  BUSINESS_USERS,
  CUSTOMERS,
  ELECTRICITY_METERS,
  ELECTRICITY_POINTS,
  GAS_POINTS,
  PAYMENT_SCHEDULES,
} from './payload-places.js';
import { fieldError, fieldOf, itemsAt, text } from './payload-rule.js';
import { nameRule, type ReferenceRule, valuesAt } from './reference-rule.js';

/**
 * The published rules that check a name or code against a list the platform keeps (reference
 * data of a kind of names): a team, a dunning path, a ledger code, a campaign, a market
 * participant… Each answers with its published code at the field.
 */

const lower = (value: string) => value.trim().toLowerCase();

function marketParticipantRule(rule: string, at: string, field: string): ReferenceRule {
  return nameRule({
    rule,
    code: 'market_participant_not_found',
    kind: 'market_participants',
    at: [at],
    field,
    detail: (value) => `No market participant ${value} is known to the platform.`,
  });
}

function ledgerRule(rule: string, at: string): ReferenceRule {
  return nameRule({
    rule,
    code: 'ledger_code_does_not_exist',
    kind: 'ledger_codes',
    at: [at],
    field: 'ledger_code',
    detail: (value) => `No ledger type ${value} is known to the platform.`,
  });
}

/** An e-mail address that must not be one of the platform's own (compared without case). */
function internalEmailRule(rule: string, at: string, field: string): ReferenceRule {
  return {
    rule,
    codes: ['internal_email_address'],
    kinds: ['internal_email_addresses'],
    judged: (account) => valuesAt(account, [at], field).map(({ attr }) => attr),
    check: (account, data) => {
      const internal = new Set(data.internal_email_addresses.map(lower));
      return valuesAt(account, [at], field)
        .filter(({ value }) => internal.has(lower(value)))
        .map(({ attr }) =>
          fieldError(
            attr,
            'internal_email_address',
            "This is one of the platform's own e-mail addresses, not a customer's.",
          ),
        );
    },
  };
}

function existsRule(
  rule: string,
  code: string,
  kind: NameKind,
  at: string,
  field: string,
  what: string,
): ReferenceRule {
  return nameRule({
    rule,
    code,
    kind,
    at: [at],
    field,
    detail: (value) => `No ${what} ${value} is known to the platform.`,
  });
}

/** A campaign named by `campaign_name` or by `slug`. */
const campaignRule: ReferenceRule = {
  rule: 'AccountCampaign: Validate campaign exists',
  codes: ['campaign_not_found'],
  kinds: ['campaigns'],
  judged: (account) =>
    itemsAt(account, 'account_campaigns[]').flatMap(({ item, attr }) =>
      text(item, 'campaign_name') !== undefined || text(item, 'slug') !== undefined ? [attr] : [],
    ),
  check: (account, data) => {
    const campaigns = new Set(data.campaigns);
    return itemsAt(account, 'account_campaigns[]').flatMap(({ item, attr }) => {
      const field = text(item, 'campaign_name') !== undefined ? 'campaign_name' : 'slug';
      const value = text(item, field);
      return value === undefined || campaigns.has(value)
        ? []
        : [
            fieldError(
              fieldOf(attr, field),
              'campaign_not_found',
              `No campaign ${value} is known to the platform.`,
            ),
          ];
    });
  },
};

export const referenceDataRules: ReferenceRule[] = [
  existsRule(
    'EnergyAccount.operations_team_name: Validate that an operations team exists',
    'operations_team_name_does_not_exist',
    'operations_teams',
    '',
    'operations_team_name',
    'operations team',
  ),
  existsRule(
    'EnergyAccount.dunning_path: Validate dunning path supported',
    'dunning_path_not_found',
    'dunning_paths',
    'dunning_path',
    'path_name',
    'dunning path',
  ),
  ledgerRule('PaymentInstruction.ledger_code: Validate ledger code', 'payment_instructions[]'),
  ledgerRule('PaymentSchedule.ledger_code: Validate ledger code', PAYMENT_SCHEDULES),
  ledgerRule('Ledger.ledger_code: Validate ledger code', 'payment_adequacy_changes[].ledger'),
  campaignRule,
  internalEmailRule('EnergyAccount.billing_email: Validate email is not internal', '', 'billing_email'),
  internalEmailRule('EnergyCustomer.email: Validate email is not internal', CUSTOMERS, 'email'),
  internalEmailRule('BusinessUser.email: Validate email is not internal', BUSINESS_USERS, 'email'),
  existsRule(
    'AccountReference.namespace: Validate account reference namespace',
    'invalid_reference_namespace',
    'account_reference_namespaces',
    'references[]',
    'namespace',
    'account reference namespace',
  ),
  existsRule(
    'ContributionSchemeAgreement.scheme: Validate contribution scheme exists',
    'invalid_contribution_scheme',
    'contribution_schemes',
    'contribution_agreements[]',
    'scheme',
    'contribution scheme',
  ),
  existsRule(
    'EnergyCommissionContract.affiliate_organisation_name: Validate affiliate organisation exists',
    'affiliate_organisation_does_not_exist',
    'affiliate_organisations',
    'commission_contracts[]',
    'affiliate_organisation_name',
    'affiliate organisation',
  ),
  existsRule(
    'PartnerOrganisation.organisation_number: Validate organisation_number',
    'partner_organisation_does_not_exist',
    'partner_organisations',
    'partner_organisations[]',
    'organisation_number',
    'partner organisation',
  ),
  existsRule(
    'PaymentPlan.strategy_name: Validate that the strategy exists',
    'payment_plan_strategy_does_not_exist',
    'payment_plan_strategies',
    'payment_plans[]',
    'strategy_name',
    'payment plan strategy',
  ),
  existsRule(
    'ComplaintContact: Validate the complaint communication source',
    'invalid_complaint_source',
    'complaint_sources',
    'complaints[].complaint_contacts[]',
    'communication_source',
    'complaint communication source',
  ),
  existsRule(
    'ElectricityRegister.tpr: Validate TPR exists',
    'tpr_not_found',
    'tprs',
    `${ELECTRICITY_METERS}.registers[]`,
    'tpr',
    'time pattern regime',
  ),
  marketParticipantRule(
    'ElectricityMeterPoint.mpid: Validate that the market participant exists',
    ELECTRICITY_POINTS,
    'mpid',
  ),
  marketParticipantRule(
    'ElectricityMeterPoint.dc_to_appoint: Validate that the market participant exists',
    ELECTRICITY_POINTS,
    'dc_to_appoint',
  ),
  marketParticipantRule(
    'ElectricityMeterPoint.mop_to_appoint: Validate that the market participant exists',
    ELECTRICITY_POINTS,
    'mop_to_appoint',
  ),
  nameRule({
    rule: 'ElectricityAgentContractReference.agent_mpid: Validate that the market participant exists',
    code: 'market_participant_not_found',
    kind: 'market_participants',
    at: ['da_contract', 'dc_contract', 'mop_contract'].map(
      (agent) => `${ELECTRICITY_POINTS}.agents.${agent}`,
    ),
    field: 'agent_mpid',
    detail: (value) => `No market participant ${value} is known to the platform.`,
  }),
  marketParticipantRule(
    'GasMeterPoint.mpid: Validate that the market participant exists',
    GAS_POINTS,
    'mpid',
  ),
  marketParticipantRule(
    'GasMeterPoint.shipper_mpid: Validate that the market participant exists',
    GAS_POINTS,
    'shipper_mpid',
  ),
  marketParticipantRule(
    'GasMeterPoint.mam_to_appoint: Validate that the market participant exists',
    GAS_POINTS,
    'mam_to_appoint',
  ),
];

/**
 * The service's own rule for a choice the platform configures per instance: a consent's `type`
 * names a consent type the platform has (the published document leaves the choices to each
 * instance, and answers an unknown one as any unknown choice).
 */
export const consentTypeRule: ReferenceRule = nameRule({
  rule: 'consent type exists',
  code: 'invalid_choice',
  kind: 'consent_types',
  at: ['consents[]', `${CUSTOMERS}.consents[]`],
  field: 'type',
  detail: (value) => `No consent type ${value} is configured on the platform.`,
});
