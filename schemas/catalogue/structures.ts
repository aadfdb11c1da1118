import type { CatalogueStructure } from './types.js';

/**
 * The structures of both catalogue documents (Period, DlfChanges and TniChanges appear in both: one each).
 * Every shorthand of the spec is resolved to explicit fields (`resolvedFrom` says from what).
 */
export const structures: CatalogueStructure[] = [
  {
    name: 'Period',
    fields: [
      { name: 'start', type: 'string', required: true },
      { name: 'end', type: 'string', required: true },
      { name: 'boundaries', type: 'string', required: true },
    ],
  },
  {
    name: 'DlfChanges',
    fields: [
      { name: 'nmi', type: 'string', required: true },
      { name: 'dlf_before', type: 'string', required: true },
      { name: 'dlf_after', type: 'string', required: true },
      { name: 'period', type: 'Period', required: true },
    ],
  },
  {
    name: 'TniChanges',
    fields: [
      { name: 'nmi', type: 'string', required: true },
      { name: 'tni_before', type: 'string', required: true },
      { name: 'tni_after', type: 'string', required: true },
      { name: 'period', type: 'Period', required: true },
    ],
  },
  {
    name: 'AccountCommsPreferencesChanges',
    platformName: 'accounts-accounts-AccountCommsPreferencesChanges',
    fields: [
      { name: 'requires_postal_comms', type: 'boolean[]', required: false },
      { name: 'preferred_language_for_comms', type: 'string[]', required: false },
      { name: 'document_accessibility', type: 'string[]', required: false },
    ],
  },
  {
    name: 'PsrRecord',
    platformName: 'accounts-account_user-_PsrRecord',
    fields: [
      { name: 'description', type: 'string', required: true },
      { name: 'electricity_industry_code', type: 'string', required: true },
      { name: 'gas_industry_code', type: 'string', required: true },
    ],
  },
  {
    name: 'BillingAccount',
    platformName: 'billing-_billing-Account',
    fields: [{ name: 'number', type: 'string', required: true }],
  },
  {
    name: 'Ledger',
    platformName: 'billing-_billing-Ledger',
    fields: [
      { name: 'account', type: 'BillingAccount', required: true },
      { name: 'number', type: 'string', required: true },
      { name: 'id', type: 'string', required: false },
    ],
  },
  {
    name: 'LedgerEntry',
    platformName: 'billing-_billing-LedgerEntry',
    fields: [
      { name: 'id', type: 'integer', required: true },
      { name: 'is_charge', type: 'boolean', required: true },
      { name: 'is_credit', type: 'boolean', required: true },
      { name: 'is_payment', type: 'boolean', required: true },
      { name: 'is_repayment', type: 'boolean', required: true },
      { name: 'is_reversal', type: 'boolean', required: true },
      { name: 'is_reversed', type: 'boolean', required: true },
      { name: 'source_id', type: 'integer', required: false },
      { name: 'source_type', type: 'string', required: false },
    ],
  },
  {
    name: 'LedgerEntryRemoval',
    platformName: 'billing-_billing-LedgerEntryRemoval',
    fields: [
      { name: 'id', type: 'integer', required: true },
      { name: 'amount', type: 'integer', required: true },
      { name: 'is_charge', type: 'boolean', required: true },
      { name: 'is_credit', type: 'boolean', required: true },
      { name: 'is_payment', type: 'boolean', required: true },
      { name: 'is_repayment', type: 'boolean', required: true },
      { name: 'is_reversal', type: 'boolean', required: true },
      { name: 'is_reversed', type: 'boolean', required: true },
      { name: 'source_reason', type: 'string', required: true },
    ],
  },
  {
    name: 'ChargePeriod',
    platformName: 'billing-_billing-_ChargePeriod',
    fields: [
      { name: 'start_at', type: 'string', required: true },
      { name: 'end_at', type: 'string', required: true },
    ],
  },
  {
    name: 'PaymentsAccount',
    platformName: 'cashflow-_payments-Account',
    fields: [{ name: 'number', type: 'string', required: true }],
  },
  {
    name: 'PaymentsLedger',
    platformName: 'cashflow-_payments-Ledger',
    fields: [
      { name: 'account', type: 'PaymentsAccount', required: true },
      { name: 'id', type: 'string', required: false },
    ],
  },
  {
    name: 'Payment',
    platformName: 'cashflow-_payments-Payment',
    fields: [
      { name: 'id', type: 'integer', required: true },
      { name: 'amount', type: 'integer', required: true },
      { name: 'payment_date', type: 'string', required: true },
      { name: 'description', type: 'string', required: true },
      { name: 'failure_reason', type: 'string', required: false },
    ],
  },
  {
    name: 'ElecRegisterNTCChangeData',
    platformName: 'events-register-ElecRegisterNTCChangeData',
    fields: [
      { name: 'before', type: 'MeterSnapshot[]', required: true },
      { name: 'after', type: 'MeterSnapshot[]', required: true },
    ],
  },
  {
    name: 'MeterSnapshot',
    platformName: 'events-register-MeterSnapshot',
    fields: [
      { name: 'id', type: 'integer', required: true },
      { name: 'serial_number', type: 'string', required: true },
      { name: 'registers', type: 'RegisterSnapshot[]', required: true },
    ],
  },
  {
    name: 'RegisterSnapshot',
    platformName: 'events-register-RegisterSnapshot',
    fields: [
      { name: 'id', type: 'integer', required: true },
      { name: 'register_identifier', type: 'string', required: true },
      { name: 'time_of_day', type: 'string', required: true },
      { name: 'controlled_load', type: 'string', required: true },
      { name: 'network_tariff_codes', type: 'NetworkTariffCodeSnapshot[]', required: true },
    ],
  },
  {
    name: 'NetworkTariffCodeSnapshot',
    platformName: 'events-register-NetworkTariffCodeSnapshot',
    fields: [
      { name: 'id', type: 'integer', required: true },
      { name: 'active_to', type: 'string', required: false },
      { name: 'active_from', type: 'string', required: false },
      { name: 'network_tariff_code', type: 'string', required: true },
    ],
  },
  {
    name: 'HouseMoveAccount',
    platformName: 'accounts-house_move-Account',
    fields: [
      { name: 'number', type: 'string', required: true },
      { name: 'external_reference', type: 'string', required: true },
    ],
  },
  {
    name: 'HouseMoveSupplyPoint',
    platformName: 'accounts-house_move-SupplyPoint',
    fields: [
      { name: 'id', type: 'string', required: true },
      { name: 'industry', type: 'string', required: false },
      { name: 'tariff_code', type: 'string', required: false },
      { name: 'tariff_payment_method', type: 'string', required: false },
    ],
  },
  {
    name: 'Consent',
    platformName: 'consents-consents-_Consent',
    fields: [
      { name: 'id', type: 'integer', required: true },
      { name: 'consent_type_code', type: 'string', required: true },
      { name: 'value', type: 'string', required: true },
      { name: 'signed_at', type: 'string', required: true },
    ],
  },
  {
    name: 'SigningIdentity',
    platformName: 'consents-consents-_SigningIdentity',
    fields: [
      { name: 'identity_type', type: 'string', required: true },
      { name: 'identity', type: 'string', required: true },
    ],
  },
  {
    name: 'AmendedSubject',
    platformName: '_core-_amend_subject-AmendedSubject',
    fields: [
      { name: 'type', type: 'string', required: true },
      { name: 'identifier', type: 'string', required: true },
      { name: 'effective_from', type: 'string', required: true },
      { name: 'effective_to', type: 'string', required: true },
    ],
  },
  {
    name: 'ContractJourney',
    platformName: '_journeys-_common-ContractJourney',
    fields: [
      { name: 'number', type: 'string', required: true },
      { name: 'type', type: 'string', required: true },
      { name: 'requested_at', type: 'string', required: true },
    ],
  },
  {
    name: 'SubjectContractJourney',
    platformName: '_journeys-_common-SubjectContractJourney',
    fields: [
      { name: 'number', type: 'string', required: true },
      { name: 'subject_number', type: 'string', required: true },
    ],
  },
  {
    name: 'TransitionContext',
    platformName: 'events-industry-MeteringAgreementTransitionContext',
    fields: [
      { name: 'flow_run_id', type: 'string', required: false },
      { name: 'metering_agreement_transition_id', type: 'integer', required: false },
    ],
  },
  {
    name: 'TariffState',
    platformName: 'events-register-TariffState',
    fields: [
      { name: 'controlled_load', type: 'string', required: true },
      { name: 'market_ntc', type: 'string', required: true },
      { name: 'effective_ntc', type: 'string', required: true },
      { name: 'ntc_active_from', type: 'string', required: true },
      { name: 'ntc_active_to', type: 'string', required: false },
    ],
  },
  {
    name: 'RegisterChange',
    platformName: 'events-register-RegisterChange',
    fields: [
      { name: 'register_identifier', type: 'string', required: true },
      { name: 'serial_number', type: 'string', required: true },
      { name: 'product_id', type: 'string', required: false },
      { name: 'product_name', type: 'string', required: false },
      { name: 'supply_daily_charge', type: 'string', required: false },
      { name: 'meter_installation_type', type: 'string', required: false },
      { name: 'before', type: 'TariffState', required: true },
      { name: 'after', type: 'TariffState', required: true },
    ],
  },
  {
    name: 'TriggerExtra',
    platformName: 'events-register-TriggerExtra',
    fields: [{ name: 'registers', type: 'RegisterChange[]', required: true }],
  },
  {
    name: 'MeterReaderAlert',
    platformName: 'events-serializers-MeterReaderAlert',
    fields: [
      { name: 'code', type: 'string', required: true },
      { name: 'type', type: 'string', required: true },
      { name: 'description', type: 'string', required: true },
    ],
  },
  {
    name: 'InkAction',
    platformName: 'ink-_actions-_InkAction',
    fields: [
      { name: 'code', type: 'string', required: true },
      { name: 'succeeded', type: 'boolean', required: true },
      { name: 'stop_further_evaluation', type: 'boolean', required: true },
    ],
  },
  {
    name: 'InkContent',
    platformName: 'ink-_content-_InkContent',
    fields: [
      { name: 'from_address', type: 'string', required: false },
      { name: 'subject', type: 'string', required: false },
      { name: 'to_addresses', type: 'string[]', required: false },
      { name: 'tags', type: 'string[]', required: true },
    ],
  },
  {
    name: 'InkMessageContent',
    platformName: 'ink-_content-_InkMessageContent',
    fields: [
      { name: 'message_id', type: 'integer', required: true },
      { name: 'occurred_at', type: 'string', required: true },
      { name: 'channel', type: 'string', required: true },
      { name: 'content', type: 'InkContent', required: true },
    ],
  },
  {
    name: 'InkMessage',
    platformName: 'ink-_messages-_InkMessage',
    fields: [
      { name: 'relay_id', type: 'string', required: true },
      { name: 'vendor_id', type: 'string', required: true },
      { name: 'channel', type: 'string', required: true },
      { name: 'occurred_at', type: 'string', required: true },
    ],
  },
  {
    name: 'InkMessageWithVendor',
    platformName: 'ink-_messages-_InkMessageWithVendor',
    fields: [
      { name: 'relay_id', type: 'string', required: true },
      { name: 'vendor', type: 'string', required: true },
      { name: 'vendor_id', type: 'string', required: true },
      { name: 'channel', type: 'string', required: true },
      { name: 'occurred_at', type: 'string', required: true },
    ],
  },
  {
    name: 'InkConversation',
    platformName: 'ink-_messages-InkConversation',
    fields: [
      { name: 'conversation_relay_id', type: 'string', required: true },
      { name: 'account_number', type: 'string', required: true },
      { name: 'message', type: 'InkMessage', required: true },
    ],
  },
  {
    name: 'InkFailureData',
    platformName: 'ink-_messages-_InkFailureData',
    fields: [
      { name: 'type', type: 'string', required: true },
      { name: 'reason', type: 'string', required: true },
      { name: 'occurred_at', type: 'string', required: true },
    ],
  },
  {
    name: 'EnrollmentSupplyPoint',
    platformName: 'lifecycle-enrollment-SupplyPoint',
    fields: [
      { name: 'market_name', type: 'string', required: true },
      { name: 'external_identifier', type: 'string', required: true },
      { name: 'confirmed_ssd', type: 'string', required: true },
      { name: 'was_cancelled', type: 'boolean', required: true },
    ],
  },
  {
    name: 'ActivatedSupplyPoint',
    platformName: 'lifecycle-join_supplier-ActivatedSupplyPoint',
    fields: [
      { name: 'external_identifier', type: 'string', required: true },
      { name: 'market_name', type: 'string', required: true },
      { name: 'confirmed_supply_start_date', type: 'string', required: true },
    ],
  },
  {
    name: 'ActivationInitiatedSupplyPoint',
    fields: [
      { name: 'external_identifier', type: 'string', required: true },
      { name: 'market_name', type: 'string', required: true },
    ],
  },
  {
    name: 'JoinAgreement',
    platformName: 'lifecycle-join_supplier-Agreement',
    fields: [
      { name: 'id', type: 'integer', required: true },
      { name: 'valid_from', type: 'string', required: true },
      { name: 'valid_to', type: 'string', required: true },
      { name: 'product_code', type: 'string', required: true },
    ],
  },
  {
    name: 'ContractReferences',
    fields: [
      { name: 'account_contract_identifier', type: 'string', required: false },
      { name: 'business_contract_identifier', type: 'string', required: false },
    ],
  },
  {
    name: 'SupplyPeriodData',
    fields: [
      { name: 'id', type: 'integer', required: true },
      { name: 'supply_start_at', type: 'string', required: true },
      { name: 'supply_end_at', type: 'string', required: true },
    ],
  },
  {
    name: 'JoinSupplyPoint',
    platformName: 'lifecycle-join_supplier-SupplyPoint',
    fields: [
      { name: 'external_identifier', type: 'string', required: true },
      { name: 'market_name', type: 'string', required: true },
      { name: 'requested_supply_start_date', type: 'string', required: true },
    ],
  },
  {
    name: 'LeaveSupplyPoint',
    platformName: 'lifecycle-leave_supplier-SupplyPoint',
    fields: [
      { name: 'market_identifier', type: 'string', required: true },
      { name: 'external_identifier', type: 'string', required: true },
      { name: 'market_name', type: 'string', required: true },
    ],
  },
  {
    name: 'TerminatedSupplyPoint',
    fields: [
      { name: 'external_identifier', type: 'string', required: true },
      { name: 'market_name', type: 'string', required: true },
      { name: 'confirmed_supply_end_date', type: 'string', required: true },
    ],
  },
  {
    name: 'TerminationInitiatedSupplyPoint',
    fields: [
      { name: 'external_identifier', type: 'string', required: true },
      { name: 'market_name', type: 'string', required: true },
      { name: 'requested_supply_end_date', type: 'string', required: true },
    ],
  },
  {
    name: 'Product',
    platformName: 'market_supply-products-Product',
    fields: [
      { name: 'code', type: 'string', required: true },
      { name: 'market_name', type: 'string', required: true },
      { name: 'brand_code', type: 'string', required: true },
    ],
  },
];
