import type { Json } from './amounts.js';
import { domesticDualFuelSmart } from './domestic-dual-fuel.js';

export function realisticAccounts(): { name: string; account: Json }[] {
  return [{ name: 'domestic-dual-fuel-smart', account: domesticDualFuelSmart() }];
}
