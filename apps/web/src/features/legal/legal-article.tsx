import { Anchor, Box, Text, Typography } from '@mantine/core';
import { IconArrowLeft, IconArrowUp } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, type CSSProperties } from 'react';
import { Link } from 'react-router';
import type { InterfaceLanguage } from '@motema/shared/languages';
import {
  formatUpdated,
  isLongDocument,
  LEGAL_DOCS,
  LEGAL_PATHS,
  sectionIds,
  type LegalDoc,
  type LegalDocument,
} from './legal-content.ts';
import { LegalText } from './legal-text.tsx';

interface LegalArticleProps {
  doc: LegalDoc;
  document: LegalDocument;
  language: InterfaceLanguage;
  t: TFunction<'public'>;
  backToTerms: boolean;
}

const HEADING: CSSProperties = {
  scrollMarginTop: 16,
  fontSize: 'var(--mantine-h3-font-size)',
  lineHeight: 1.3,
};
const SECTION: CSSProperties = { marginTop: 'var(--mantine-spacing-xl)' };
const LINK_ROW: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: 6,
  paddingBlock: 10,
};
const LINK_ICON: CSSProperties = { flex: 'none', marginTop: '0.2em' };

/** One legal document: title, date, intro, a table of contents when long, the sections, related documents. */
export function LegalArticle({ doc, document, language, t, backToTerms }: LegalArticleProps) {
  const ids = sectionIds(document.sections);
  const long = isLongDocument(document);
  useScrollToHash(document);

  return (
    <Typography>
      <article lang={language}>
        {backToTerms && (
          <Anchor component={Link} to={LEGAL_PATHS.terms} style={LINK_ROW}>
            <IconArrowLeft size={18} style={LINK_ICON} aria-hidden />
            {t('legal.backToTerms')}
          </Anchor>
        )}
        <h1 id="top" style={{ scrollMarginTop: 16, marginTop: 8, fontSize: 'var(--mantine-h2-font-size)' }}>
          {document.title}
        </h1>
        <Text component="p" size="sm">
          {t('legal.updated', { date: formatUpdated(document.updated, language) })}
        </Text>
        <Text component="p" size="lg">
          <LegalText text={document.intro} />
        </Text>

        {long && (
          <Box
            component="nav"
            aria-labelledby="legal-contents"
            p="md"
            mb="lg"
            bd="1px solid var(--mantine-color-default-border)"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Text id="legal-contents" fw={700} mb="xs">
              {t('legal.contents')}
            </Text>
            <ol style={{ margin: 0 }}>
              {document.sections.map((section, index) => (
                <li key={ids[index]} style={{ marginBottom: 6 }}>
                  <a href={`#${ids[index]}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </Box>
        )}

        {document.sections.map((section, index) => (
          <section key={ids[index]} aria-labelledby={ids[index]} style={SECTION}>
            <h2 id={ids[index]} style={HEADING}>
              {section.heading}
            </h2>
            {section.paragraphs?.map((paragraph, line) => (
              <p key={line}>
                <LegalText text={paragraph} />
              </p>
            ))}
            {section.bullets && (
              <ul>
                {section.bullets.map((bullet, line) => (
                  <li key={line} style={{ marginBottom: 6 }}>
                    <LegalText text={bullet} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}

        {long && (
          <p>
            <a href="#top" style={LINK_ROW}>
              <IconArrowUp size={18} style={LINK_ICON} aria-hidden />
              {t('legal.backToTop')}
            </a>
          </p>
        )}

        <Box
          component="nav"
          aria-labelledby="legal-related"
          mt="xl"
          pt="md"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text id="legal-related" fw={700} mb="xs">
            {t('legal.related')}
          </Text>
          <ul style={{ margin: 0 }}>
            {LEGAL_DOCS.filter((other) => other !== doc).map((other) => (
              <li key={other} style={{ marginBottom: 6 }}>
                <Anchor component={Link} to={relatedPath(doc, other)}>
                  {t(`legal.docs.${other}`)}
                </Anchor>
              </li>
            ))}
          </ul>
        </Box>
      </article>
    </Typography>
  );
}

/** From the terms, the privacy policy offers the way back to them. */
function relatedPath(from: LegalDoc, to: LegalDoc): string {
  return from === 'terms' && to === 'privacy'
    ? `${LEGAL_PATHS.privacy}?from=terms-and-conditions`
    : LEGAL_PATHS[to];
}

/** Opening `/privacy-policy#your-rights` scrolls there once the text has arrived. */
function useScrollToHash(document: LegalDocument) {
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (id) window.document.getElementById(id)?.scrollIntoView();
  }, [document]);
}
