import type { Json } from './amounts.js';
import { businessExistingContracts } from './business-contracts.js';
import { businessOccupier, businessThirdPartyBilled, businessVacant } from './business-other-kinds.js';
import { businessSme } from './business-sme.js';
import { domesticDualFuelSmart } from './domestic-dual-fuel.js';
import { domesticOccupier, domesticThirdPartyBilled, domesticVacant } from './domestic-other-kinds.js';
import { domesticPrepay } from './domestic-prepay.js';
import { managedFlat, portfolioLead, systemSuspense } from './portfolio-accounts.js';

export { withFreshIdentifiers } from './fresh-identifiers.js';

/**
 * Realistic `EnergyAccount` payloads as a UK supplier (`ACME`) would send them: one or more of
 * every account type, and between them every branch of every union of the schema. Each call
 * builds new copies, so a test may change what it gets. Pass one through `withFreshIdentifiers`
 * to create it on a shared table more than once.
 */
export function realisticAccounts(): { name: string; account: Json }[] {
  return [
    { name: 'domestic-dual-fuel-smart', account: domesticDualFuelSmart() },
    { name: 'domestic-prepay', account: domesticPrepay() },
    { name: 'domestic-vacant', account: domesticVacant() },
    { name: 'domestic-occupier', account: domesticOccupier() },
    { name: 'domestic-third-party-billed', account: domesticThirdPartyBilled() },
    { name: 'business-sme-two-sites', account: businessSme() },
    { name: 'business-existing-contracts', account: businessExistingContracts() },
    { name: 'business-vacant', account: businessVacant() },
    { name: 'business-occupier', account: businessOccupier() },
    { name: 'business-third-party-billed', account: businessThirdPartyBilled() },
    { name: 'portfolio-lead', account: portfolioLead() },
    { name: 'managed-flat', account: managedFlat() },
    { name: 'system-suspense', account: systemSuspense() },
  ];
}
