import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';

/** Where most members live: offered first, in this order. */
export const FIRST_COUNTRIES: readonly CountryCode[] = ['CD', 'CM', 'CI', 'SN', 'NG', 'GH', 'KE'];

/** Every African country and territory (ISO 3166-1), offered before the rest of the world. */
export const AFRICAN_COUNTRIES = (
  'AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA ' +
  'MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW'
).split(' ') as readonly CountryCode[];

export const DEFAULT_COUNTRY: CountryCode = 'CD';

export type CountryOption = { value: CountryCode; label: string };
export type CountryGroups = { group: string; items: CountryOption[] }[];

const SUPPORTED = new Set<string>(getCountries());

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && SUPPORTED.has(value);
}

/**
 * The country choices in `language`: the members' main countries first, then the rest of Africa,
 * then the world, each sorted by its name; every label shows the calling code ("Sénégal (+221)").
 */
export function countryGroups(language: string, titles: { africa: string; world: string }): CountryGroups {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const option = (code: CountryCode): CountryOption => ({
    value: code,
    label: `${names.of(code) ?? code} (+${getCountryCallingCode(code)})`,
  });
  const byLabel = (a: CountryOption, b: CountryOption) => a.label.localeCompare(b.label, language);
  const african = new Set<string>(AFRICAN_COUNTRIES);
  const first = new Set<string>(FIRST_COUNTRIES);
  const supported = (code: CountryCode) => SUPPORTED.has(code);
  return [
    {
      group: titles.africa,
      items: [
        ...FIRST_COUNTRIES.filter(supported).map(option),
        ...AFRICAN_COUNTRIES.filter((code) => supported(code) && !first.has(code))
          .map(option)
          .sort(byLabel),
      ],
    },
    {
      group: titles.world,
      items: getCountries()
        .filter((code) => !african.has(code))
        .map(option)
        .sort(byLabel),
    },
  ];
}

/**
 * The country to offer first: the one of the saved number, else the browser's region when it is an
 * African one, else DR Congo, first of the list led by our countries. A phone set to French says
 * fr-FR in Kinshasa or Abidjan as in Paris: its region is not where the member lives.
 */
export function defaultCountry(
  phone: string | null | undefined,
  languageTags: readonly string[] = [],
): CountryCode {
  const saved = phone ? parsePhoneNumberFromString(phone)?.country : undefined;
  if (saved) return saved;
  for (const tag of languageTags) {
    const region = tag.split(/[-_]/)[1]?.toUpperCase();
    if (isCountryCode(region) && AFRICAN_COUNTRIES.includes(region)) return region;
  }
  return DEFAULT_COUNTRY;
}

/** The national number as it is usually written while typing ("81 234 5678"). */
export function formatNational(input: string, country: CountryCode): string {
  return new AsYouType(country).input(input);
}

/**
 * The number to send when it is valid for `country` (or typed with another "+code"): E.164
 * (`+243812345678`) and the country it belongs to; undefined when it is not a valid number.
 */
export function toE164(
  input: string,
  country: CountryCode,
): { phone: string; country: CountryCode } | undefined {
  if (!isValidPhoneNumber(input, country)) return undefined;
  const parsed = parsePhoneNumberFromString(input, country);
  return parsed ? { phone: parsed.number, country: parsed.country ?? country } : undefined;
}

/** A stored E.164 number written for people ("+243 81 234 5678"). */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** A stored E.164 number as the form shows it: its country and its national number as typed. */
export function phoneFields(e164: string): { country: CountryCode; national: string } | undefined {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.country) return undefined;
  return { country: parsed.country, national: formatNational(parsed.nationalNumber, parsed.country) };
}
