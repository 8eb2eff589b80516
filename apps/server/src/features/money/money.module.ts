import type { FeatureModule } from '../../modules/feature-module.ts';

/**
 * The money core: the ledger, the provider port and its FlexPay adapter, and the reconciler of
 * provider operations (docs/decisions/0043). It plugs nothing in of its own: billing and partnership
 * import it and run it inside their transactions. Its module gives it its row in the feature table
 * (docs/architecture.md) and its place before them in the app's order.
 */
export const moneyModule: FeatureModule = { name: 'money' };
