import type { Json } from './amounts.js';
import { businessExistingContracts } from './business-contracts.js';
import { businessOccupier, businessThirdPartyBilled, businessVacant } from './business-other-kinds.js';
import { businessSme } from './business-sme.js';
import { domesticDualFuelSmart } from './domestic-dual-fuel.js';
import { domesticOccupier, domesticThirdPartyBilled, domesticVacant } from './domestic-other-kinds.js';
import { domesticPrepay } from './domestic-prepay.js';
import { managedFlat, portfolioLead, systemSuspense } from './portfolio-accounts.js';

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
