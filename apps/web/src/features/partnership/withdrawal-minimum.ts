import type { PartnerBalance } from '@motema/shared/partnership';
import type { Translate } from '../../lib/error-text.ts';
import { formatMoney } from '../billing/money.ts';

/**
 * The balances of the currencies the member holds: something on hold, available, being paid out or
 * ever earned. None yet: the first the server lists (USD, always there).
 */
export function heldBalances(balances: PartnerBalance[]): PartnerBalance[] {
  const held = balances.filter(
    (row) => row.pending !== 0 || row.available !== 0 || row.inFlight !== 0 || row.revenue !== 0,
  );
  return held.length > 0 ? held : balances.slice(0, 1);
}

/**
 * Why no withdrawal yet, below the minimum: the smallest withdrawal stated in the currency the member
 * holds (or each of them), from the server's own figures.
 */
export function belowMinimumText(t: Translate, balances: PartnerBalance[], language: string): string {
  const minimums = heldBalances(balances).map((row) => formatMoney(row.minimum, row.currency, language));
  if (minimums.length === 1) return t('withdraw.blocked.below_minimum', { minimum: minimums[0] });
  return t('withdraw.blocked.below_minimum_several', {
    minimums: new Intl.ListFormat(language, { type: 'disjunction' }).format(minimums),
  });
}
