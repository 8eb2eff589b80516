import { INTERFACE_LANGUAGES } from '@motema/shared/languages';
import { describe, expect, it } from 'vitest';
import {
  formatUpdated,
  isLongDocument,
  LEGAL_DOCS,
  legalLanguage,
  loadLegalDocument,
  sectionIds,
} from './legal-content.ts';

describe('legalLanguage', () => {
  it('lets the terms be read in English or French whatever the interface language', () => {
    expect(legalLanguage('terms', 'ro', 'fr')).toBe('fr');
    expect(legalLanguage('terms', 'fr', 'en')).toBe('en');
  });

  it('ignores any other value, and the query on the other documents', () => {
    for (const query of ['ro', 'de', 'FR', 'fr-CD', '', null])
      expect(legalLanguage('terms', 'ro', query)).toBe('ro');
    expect(legalLanguage('privacy', 'en', 'fr')).toBe('en');
  });
});

describe('sectionIds', () => {
  it('makes readable, unique anchors, accents removed', () => {
    const ids = sectionIds([
      { heading: 'Vos données' },
      { heading: 'Vos données' },
      { heading: 'Siguranța ta' },
      { heading: '¿?' },
    ]);
    expect(ids).toEqual(['vos-donnees', 'vos-donnees-2', 'siguranta-ta', 'section-4']);
  });
});

describe('formatUpdated', () => {
  it('writes the calendar day in the language, without a time-zone shift', () => {
    expect(formatUpdated('2026-11-21', 'en')).toBe('November 21, 2026');
    expect(formatUpdated('2026-11-21', 'fr')).toBe('21 novembre 2026');
    expect(formatUpdated('2026-01-01', 'ro')).toBe('1 ianuarie 2026');
  });
});

describe('the documents', () => {
  for (const language of INTERFACE_LANGUAGES) {
    for (const doc of LEGAL_DOCS) {
      it(`${language}/${doc} is complete`, async () => {
        const document = await loadLegalDocument(language, doc);
        expect(document.title.length).toBeGreaterThan(3);
        expect(document.intro.length).toBeGreaterThan(20);
        expect(document.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(document.sections.length).toBeGreaterThan(2);
        for (const section of document.sections) {
          expect(section.heading.length).toBeGreaterThan(2);
          expect((section.paragraphs?.length ?? 0) + (section.bullets?.length ?? 0)).toBeGreaterThan(0);
        }
        expect(new Set(sectionIds(document.sections)).size).toBe(document.sections.length);
      });
    }
  }

  it('the same document has the same sections and date in every language', async () => {
    for (const doc of LEGAL_DOCS) {
      const [en, ...others] = await Promise.all(
        INTERFACE_LANGUAGES.map((language) => loadLegalDocument(language, doc)),
      );
      for (const other of others) {
        expect(other.sections.length).toBe(en!.sections.length);
        expect(other.updated).toBe(en!.updated);
      }
    }
  });

  it('the long ones get a table of contents', async () => {
    expect(isLongDocument(await loadLegalDocument('en', 'terms'))).toBe(true);
    expect(isLongDocument(await loadLegalDocument('en', 'cookies'))).toBe(false);
  });
});
