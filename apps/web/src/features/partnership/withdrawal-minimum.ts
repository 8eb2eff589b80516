import type { PartnerBalance } from '@motema/shared/partnership';
import type { Translate } from '../../lib/error-text.ts';
import { formatMoney } from '../billing/money.ts';

/**
 * The balances of the currencies the member holds or moved money in: something on hold, available,
 * being paid out or ever earned (the server lists every currency, held or not). None yet: empty.
 */
export function heldBalances(balances: PartnerBalance[]): PartnerBalance[] {
  return balances.filter(
    (row) => row.pending !== 0 || row.available !== 0 || row.inFlight !== 0 || row.revenue !== 0,
  );
}

/** The balance cards: the currencies held; with nothing yet, the first the server lists (USD). */
export function balanceCards(balances: PartnerBalance[]): PartnerBalance[] {
  const held = heldBalances(balances);
  return held.length > 0 ? held : balances.slice(0, 1);
}

/** The smallest withdrawal in each of these currencies, from the server's figures: "$10 or CDF 28,000". */
export function minimumsText(balances: PartnerBalance[], language: string): string {
  return new Intl.ListFormat(language, { type: 'disjunction' }).format(
    balances.map((row) => formatMoney(row.minimum, row.currency, language)),
  );
}

/**
 * Why no withdrawal yet, below the minimum: the smallest withdrawal stated in the currency the member
 * holds (or each of them; with nothing yet, each currency a partner may earn and withdraw in), from
 * the server's own figures.
 */
export function belowMinimumText(t: Translate, balances: PartnerBalance[], language: string): string {
  const held = heldBalances(balances);
  const stated = held.length > 0 ? held : balances;
  if (stated.length === 1)
    return t('withdraw.blocked.below_minimum', { minimum: minimumsText(stated, language) });
  return t('withdraw.blocked.below_minimum_several', { minimums: minimumsText(stated, language) });
}
