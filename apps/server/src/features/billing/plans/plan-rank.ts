/**
 * How plans rank (decision 0026, amended): by what they give, not by what they cost. First the
 * popularity percent (how far up a member may write, the paywall's first reason), then whether the
 * plan includes preferences (its second reason), then the days. A price says nothing the paywall
 * reads, and the two currencies' prices, or a later promotion, could rank plans otherwise. The order
 * itself is `comparePlans` of packages/shared (the web app reads it too); this is its SQL.
 *
 * The entitlement is the best plan among the passes covering a moment, and a pass of a better plan
 * than that starts at once; `activePlan` and the paywall's SQL order by the same columns.
 */

/** `comparePlans`'s order in SQL, best first, for the plans table under `alias` (a tie falls to the id). */
export const planRankOrderSql = (alias: string) =>
  `${alias}.popularity DESC, ${alias}.preferences DESC, ${alias}.days DESC, ${alias}.id`;

/** The same order, least first: the least plan that gives enough (the paywall's suggestion). */
export const planRankAscendingSql = (alias: string) =>
  `${alias}.popularity, ${alias}.preferences, ${alias}.days, ${alias}.id`;
