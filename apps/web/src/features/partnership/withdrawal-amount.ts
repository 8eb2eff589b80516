import type { Currency } from '@motema/shared/billing';
import { minorPerUnit } from '../billing/money.ts';

/**
 * An amount typed as the member writes it ("12", "12.50", "12,5", "14 000") in integer minor units
 * (M1), or null when it is not one (letters, more decimals than the currency has, nothing).
 */
export function parseAmount(text: string, currency: Currency): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const perUnit = minorPerUnit(currency);
  const decimals = String(perUnit).length - 1;
  if (!new RegExp(`^[0-9]+(\\.[0-9]{0,${decimals}})?$`).test(compact)) return null;
  const [whole = '0', fraction = ''] = compact.split('.');
  return Number(whole) * perUnit + Number(fraction.padEnd(decimals, '0') || 0);
}

/** Minor units as the amount field shows them: "12.5" becomes "12.50", whole amounts stay whole. */
export function amountText(minor: number, currency: Currency): string {
  const perUnit = minorPerUnit(currency);
  return minor % perUnit === 0
    ? String(minor / perUnit)
    : (minor / perUnit).toFixed(String(perUnit).length - 1);
}
