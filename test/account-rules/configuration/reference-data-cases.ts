import { ELECTRICITY, GAS } from '../cases/case-shape.js';
import type { ConfigurationCase } from './configuration-case.js';

const named = (
  rule: string,
  when: string,
  change: ConfigurationCase['change'],
  attr: string,
  code: string,
) => ({
  rule,
  when,
  change,
  answers: [[attr, code]] as const,
});
const participant = (rule: string, point: string, field: string, change?: ConfigurationCase['change']) =>
  named(
    rule,
    `${field} is an MPID the platform does not have`,
    change ??
      ((account) => {
        account.supply_addresses[0].meter_points[point === ELECTRICITY ? 0 : 1][field] = 'ZZZZ';
      }),
    `${point}.${field}`,
    'market_participant_not_found',
  );

/** The rules that check a name or code against a list of the platform's (reference data of names). */
export const referenceDataCases: ConfigurationCase[] = [
  named(
    'EnergyAccount.operations_team_name: Validate that an operations team exists',
    'the account names a team the platform does not have',
    (account) => {
      account.operations_team_name = 'Nobody’s Team';
    },
    'operations_team_name',
    'operations_team_name_does_not_exist',
  ),
  {
    rule: 'EnergyAccount.operations_team_name: Validate that an operations team exists',
    when: 'the account names a team the platform has',
    change: (account) => {
      account.operations_team_name = 'Migrations North';
    },
    answers: [],
  },
  named(
    'EnergyAccount.dunning_path: Validate dunning path supported',
    'the dunning path is not one the platform offers',
    (account) => {
      account.dunning_path = { path_name: 'NO_SUCH_PATH' };
    },
    'dunning_path.path_name',
    'dunning_path_not_found',
  ),
  named(
    'PaymentInstruction.ledger_code: Validate ledger code',
    'the payment instruction names an unknown ledger code',
    (account) => {
      account.payment_instructions[0].ledger_code = 'NOPE';
    },
    'payment_instructions.0.ledger_code',
    'ledger_code_does_not_exist',
  ),
  named(
    'PaymentSchedule.ledger_code: Validate ledger code',
    'the payment schedule names an unknown ledger code',
    (account) => {
      account.payment_schedules[0].ledger_code = 'NOPE';
    },
    'payment_schedules.0.ledger_code',
    'ledger_code_does_not_exist',
  ),
  named(
    'Ledger.ledger_code: Validate ledger code',
    "a payment adequacy change's ledger names an unknown ledger code",
    (account) => {
      account.payment_adequacy_changes = [{ ledger: { ledger_code: 'NOPE', ledger_identifier: 'MAIN' } }];
    },
    'payment_adequacy_changes.0.ledger.ledger_code',
    'ledger_code_does_not_exist',
  ),
  named(
    'AccountCampaign: Validate campaign exists',
    'the campaign is not one the platform has',
    (account) => {
      account.account_campaigns = [{ campaign_name: 'Bill VAT', start_date: '2024-01-01' }];
    },
    'account_campaigns.0.campaign_name',
    'campaign_not_found',
  ),
  named(
    'EnergyAccount.billing_email: Validate email is not internal',
    "the billing e-mail is one of the platform's own, in any case",
    (account) => {
      account.billing_email = 'Billing@Service.Example.Invalid';
    },
    'billing_email',
    'internal_email_address',
  ),
  named(
    'EnergyCustomer.email: Validate email is not internal',
    "a customer's e-mail is one of the platform's own",
    (account) => {
      account.customers[0].email = 'noreply@service.example.invalid';
    },
    'customers.0.email',
    'internal_email_address',
  ),
  named(
    'BusinessUser.email: Validate email is not internal',
    "a business user's e-mail is one of the platform's own",
    (account) => {
      account.business = { users: [{ email: 'noreply@service.example.invalid' }] };
    },
    'business.users.0.email',
    'internal_email_address',
  ),
  named(
    'AccountReference.namespace: Validate account reference namespace',
    'the reference namespace is not one the platform has',
    (account) => {
      account.references = [{ namespace: 'unknown-system', value: 'R-1' }];
    },
    'references.0.namespace',
    'invalid_reference_namespace',
  ),
  named(
    'ContributionSchemeAgreement.scheme: Validate contribution scheme exists',
    'the scheme is not one the platform has',
    (account) => {
      account.contribution_agreements = [{ scheme: 'NO_SCHEME' }];
    },
    'contribution_agreements.0.scheme',
    'invalid_contribution_scheme',
  ),
  named(
    'EnergyCommissionContract.affiliate_organisation_name: Validate affiliate organisation exists',
    'the affiliate organisation is not one the platform has',
    (account) => {
      account.commission_contracts = [{ affiliate_organisation_name: 'Nowhere Brokers Ltd' }];
    },
    'commission_contracts.0.affiliate_organisation_name',
    'affiliate_organisation_does_not_exist',
  ),
  named(
    'PartnerOrganisation.organisation_number: Validate organisation_number',
    'the organisation number is not one the platform has',
    (account) => {
      account.partner_organisations = [{ organisation_number: 'ZZ999999' }];
    },
    'partner_organisations.0.organisation_number',
    'partner_organisation_does_not_exist',
  ),
  named(
    'PaymentPlan.strategy_name: Validate that the strategy exists',
    'the strategy is not one the platform has',
    (account) => {
      account.payment_plans = [{ strategy_name: 'NO_STRATEGY' }];
    },
    'payment_plans.0.strategy_name',
    'payment_plan_strategy_does_not_exist',
  ),
  named(
    'ComplaintContact: Validate the complaint communication source',
    'the communication source is not one the platform has',
    (account) => {
      account.complaints = [{ complaint_contacts: [{ communication_source: 'CARRIER_PIGEON' }] }];
    },
    'complaints.0.complaint_contacts.0.communication_source',
    'invalid_complaint_source',
  ),
  named(
    'ElectricityRegister.tpr: Validate TPR exists',
    "a register's TPR is not one of the market's",
    (account) => {
      account.supply_addresses[0].meter_points[0].meters[0].registers[0].tpr = '99999';
    },
    `${ELECTRICITY}.meters.0.registers.0.tpr`,
    'tpr_not_found',
  ),
  participant('ElectricityMeterPoint.mpid: Validate that the market participant exists', ELECTRICITY, 'mpid'),
  participant(
    'ElectricityMeterPoint.dc_to_appoint: Validate that the market participant exists',
    ELECTRICITY,
    'dc_to_appoint',
  ),
  participant(
    'ElectricityMeterPoint.mop_to_appoint: Validate that the market participant exists',
    ELECTRICITY,
    'mop_to_appoint',
  ),
  named(
    'ElectricityAgentContractReference.agent_mpid: Validate that the market participant exists',
    "an agent's contract names an MPID the platform does not have",
    (account) => {
      account.supply_addresses[0].meter_points[0].agents = { dc_contract: { agent_mpid: 'ZZZZ' } };
    },
    `${ELECTRICITY}.agents.dc_contract.agent_mpid`,
    'market_participant_not_found',
  ),
  participant('GasMeterPoint.mpid: Validate that the market participant exists', GAS, 'mpid'),
  participant('GasMeterPoint.shipper_mpid: Validate that the market participant exists', GAS, 'shipper_mpid'),
  participant(
    'GasMeterPoint.mam_to_appoint: Validate that the market participant exists',
    GAS,
    'mam_to_appoint',
  ),
];

const psr =
  (change: (record: Record<string, unknown>) => void): ConfigurationCase['change'] =>
  (account) => {
    change(account.customers[0].psr[0]);
  };

/** The priority services register records, against the platform's needs. */
export const psrCases: ConfigurationCase[] = [
  named(
    'EnergyPSR.description: Validate PSR description',
    'the description is not one the platform has',
    psr((record) => {
      record.description = 'Likes a chat';
    }),
    'customers.0.psr.0.description',
    'psr_record_description_not_found',
  ),
  named(
    'EnergyPSR.elec_industry_code: Validate PSR electricity industry code',
    'no need has the electricity industry code',
    psr((record) => {
      record.elec_industry_code = '99';
    }),
    'customers.0.psr.0.elec_industry_code',
    'electricity_psr_record_not_found',
  ),
  named(
    'EnergyPSR.gas_industry_code: Validate PSR gas industry code',
    'no need has the gas industry code',
    psr((record) => {
      record.gas_industry_code = '99';
    }),
    'customers.0.psr.0.gas_industry_code',
    'gas_psr_record_not_found',
  ),
  named(
    'EnergyPSR: Validate that temporary PSRs have an effective_to datetime specified',
    'a temporary need has no effective_to',
    psr((record) => {
      record.elec_industry_code = '18';
      record.gas_industry_code = '18';
    }),
    'customers.0.psr.0.effective_to',
    'temporary_psr_does_not_have_end_date',
  ),
  {
    rule: 'EnergyPSR: Validate that temporary PSRs have an effective_to datetime specified',
    when: 'a temporary need ends',
    change: psr((record) => {
      record.elec_industry_code = '18';
      record.gas_industry_code = '18';
      record.effective_to = '2024-09-01T00:00:00Z';
    }),
    answers: [],
  },
];
