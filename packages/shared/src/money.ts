import type { Currency } from './billing.ts';

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(language: string, currency: Currency, whole: boolean): Intl.NumberFormat {
  const key = `${language}:${currency}:${whole}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/** How many minor units make one unit of `currency` (ISO 4217, through Intl: 100 for USD and CDF). */
export function minorPerUnit(currency: Currency): number {
  return 10 ** (formatOf('en', currency, false).resolvedOptions().maximumFractionDigits ?? 2);
}

/**
 * An amount in integer minor units (M1) as the member's language writes money (the app's screens and
 * the server's mails alike): "$4.99", "14 000 CDF".
 * Whole amounts drop their zero decimals ("14,000 CDF", not "14,000.00 CDF"); the currency is always
 * named, never left to guess (DESIGN.md, Words).
 */
export function formatMoney(amount: number, currency: Currency, language: string): string {
  const perUnit = minorPerUnit(currency);
  return formatOf(language, currency, amount % perUnit === 0).format(amount / perUnit);
}
