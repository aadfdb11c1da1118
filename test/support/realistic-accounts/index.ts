import type { Json } from './amounts.js';
import { businessSme } from './business-sme.js';
import { domesticDualFuelSmart } from './domestic-dual-fuel.js';
import { domesticOccupier, domesticThirdPartyBilled, domesticVacant } from './domestic-other-kinds.js';
import { domesticPrepay } from './domestic-prepay.js';

export function realisticAccounts(): { name: string; account: Json }[] {
  return [
    { name: 'domestic-dual-fuel-smart', account: domesticDualFuelSmart() },
    { name: 'domestic-prepay', account: domesticPrepay() },
    { name: 'domestic-vacant', account: domesticVacant() },
    { name: 'domestic-occupier', account: domesticOccupier() },
    { name: 'domestic-third-party-billed', account: domesticThirdPartyBilled() },
    { name: 'business-sme-two-sites', account: businessSme() },
  ];
}
