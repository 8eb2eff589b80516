import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * A phone number as stored: E.164 (`+243812345678`), or undefined when it is not a valid number.
 * International input (`+243 81 234 5678`, `00243...`) needs no country; a national number
 * (`081 234 5678`) is read in `country` (ISO 3166 alpha-2, any case) when given and supported.
 * Uses the full metadata, so the number must fit the country's real numbering plan.
 */
export function normalisePhone(input: string, country?: string): string | undefined {
  const text = input.trim();
  if (!text || text.length > 32) return undefined;
  const region = country?.trim().toUpperCase();
  const defaultCountry = region && isSupportedCountry(region) ? (region as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(
    text.startsWith('00') ? `+${text.slice(2)}` : text,
    defaultCountry,
  );
  if (!parsed?.isValid()) return undefined;
  return parsed.number;
}
