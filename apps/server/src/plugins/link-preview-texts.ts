import type { InterfaceLanguage } from '@motema/shared/languages';

/**
 * The words of a link's preview card (plugins/link-preview.ts), in the language the page request asks
 * for. `{name}` is a member's public name or a zone's title, `{age}` an age as `age` words it; the
 * neutral card's words are the start page's (apps/web/src/locales/<language>/public.json: tagline
 * and lead), so a card says what the page says.
 */
export type LinkPreviewTexts = {
  /** The neutral card's title (Motema's name and tagline) and description. */
  title: string;
  description: string;
  /** The app icon's alternative text. */
  iconAlt: string;
  /** A member's age, by the language's plural category (Intl.PluralRules); `other` when absent. */
  age: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  member: string;
  memberAlt: string;
  post: string;
  postAlt: string;
  zone: string;
  zoneAlt: string;
};

export const LINK_PREVIEW_TEXTS: Record<InterfaceLanguage, LinkPreviewTexts> = {
  en: {
    title: 'Motema: meet people who get you',
    description:
      'Dating and friendship for adults, in your language, gentle on your phone and your data plan.',
    iconAlt: 'The Motema logo',
    age: { other: '{age}' },
    member: '{name}, {age}, on Motema',
    memberAlt: 'Profile photo of {name}',
    post: '{name} on Motema',
    postAlt: 'A picture of the post',
    zone: '{name}, a zone on Motema',
    zoneAlt: 'The zone’s cover',
  },
  fr: {
    title: 'Motema\u00a0: rencontrez des gens qui vous ressemblent',
    description:
      'Rencontres et amitié entre adultes, dans votre langue, en douceur pour votre téléphone et votre forfait.',
    iconAlt: 'Le logo de Motema',
    age: { one: '{age}\u00a0an', other: '{age}\u00a0ans' },
    member: '{name}, {age}, sur Motema',
    memberAlt: 'Photo de profil\u00a0: {name}',
    post: '{name} sur Motema',
    postAlt: 'Une image de la publication',
    zone: '{name}, une zone sur Motema',
    zoneAlt: 'La couverture de la zone',
  },
  ro: {
    title: 'Motema: cunoașteți oameni care vă înțeleg',
    description:
      'Întâlniri și prietenii între adulți, în limba dumneavoastră, cu grijă pentru telefonul și abonamentul dumneavoastră de date.',
    iconAlt: 'Sigla Motema',
    age: { one: '{age} an', few: '{age} ani', other: '{age} de ani' },
    member: '{name}, {age}, pe Motema',
    memberAlt: 'Fotografie de profil: {name}',
    post: '{name} pe Motema',
    postAlt: 'O imagine din postare',
    zone: '{name}, o zonă pe Motema',
    zoneAlt: 'Coperta zonei',
  },
};

/** `text` with each `{key}` replaced by its value (a value's own braces are left as they are). */
export function fillIn(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}

/** An age in words: "27" in English, "27 ans" in French, "27 de ani" in Romanian. */
export function ageInWords(texts: LinkPreviewTexts, language: InterfaceLanguage, age: number): string {
  const category = new Intl.PluralRules(language).select(age);
  return fillIn(texts.age[category] ?? texts.age.other, { age });
}
