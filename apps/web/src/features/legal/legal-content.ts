import type { InterfaceLanguage } from '@motema/shared/languages';

export const LEGAL_DOCS = ['terms', 'privacy', 'cookies', 'safety', 'about'] as const;
export type LegalDoc = (typeof LEGAL_DOCS)[number];

/** The route of each document. */
export const LEGAL_PATHS: Record<LegalDoc, string> = {
  terms: '/terms-and-conditions',
  privacy: '/privacy-policy',
  cookies: '/cookie-policy',
  safety: '/safety-standards',
  about: '/about',
};

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}

/** The shape of `content/<language>/<doc>.json`. */
export interface LegalDocument {
  title: string;
  /** `YYYY-MM-DD`. */
  updated: string;
  intro: string;
  sections: LegalSection[];
}

/** Documents this long (in characters) get a table of contents. */
const LONG_DOCUMENT = 5000;

const loading = new Map<string, Promise<LegalDocument>>();

/** One small chunk per language and document, fetched on first need and kept (a failed try is forgotten). */
export function loadLegalDocument(language: InterfaceLanguage, doc: LegalDoc): Promise<LegalDocument> {
  const key = `${language}/${doc}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = import(`./content/${language}/${doc}.json`).then(
      (module: { default: LegalDocument }) => module.default,
    );
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/**
 * The language a document shows in: the interface language, except that the terms accept `?lang=en` or
 * `?lang=fr` (the two languages the terms are binding in); any other value is ignored.
 */
export function legalLanguage(
  doc: LegalDoc,
  interfaceLanguage: InterfaceLanguage,
  langQuery: string | null,
): InterfaceLanguage {
  if (doc === 'terms' && (langQuery === 'en' || langQuery === 'fr')) return langQuery;
  return interfaceLanguage;
}

/** Anchor ids for the sections, readable and unique: "Your rights" -> `your-rights`, "Vos données" -> `vos-donnees`. */
export function sectionIds(sections: LegalSection[]): string[] {
  const seen = new Map<string, number>();
  return sections.map((section, index) => {
    const base =
      section.heading
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '') || `section-${index + 1}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count + 1}`;
  });
}

export function isLongDocument(document: LegalDocument): boolean {
  const length = document.sections.reduce(
    (sum, section) =>
      sum +
      section.heading.length +
      [...(section.paragraphs ?? []), ...(section.bullets ?? [])].join('').length,
    document.intro.length,
  );
  return length >= LONG_DOCUMENT;
}

/** "21 November 2026" / "21 novembre 2026" for a `YYYY-MM-DD` date, read as a calendar day (no time zone shift). */
export function formatUpdated(date: string, language: InterfaceLanguage): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(day);
}
