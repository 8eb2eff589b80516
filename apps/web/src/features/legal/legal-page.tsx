import { Alert, Box, Button, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../lib/i18n.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LegalArticle } from './legal-article.tsx';
import { legalLanguage, loadLegalDocument, type LegalDoc } from './legal-content.ts';

/** Terms, privacy, cookies, safety and about: static texts in the reader's language, one small chunk each. */
export function LegalPage({ doc }: { doc: LegalDoc }) {
  return (
    <Box maw="calc(70ch + 2 * var(--mantine-spacing-md))" mx="auto" px="md" py="lg">
      <Suspense fallback={<LegalSkeleton />}>
        <LegalContent doc={doc} />
      </Suspense>
    </Box>
  );
}

function LegalContent({ doc }: { doc: LegalDoc }) {
  const [search] = useSearchParams();
  const language = legalLanguage(doc, currentLanguage(), search.get('lang'));
  // The page's own words follow the document, so `?lang=fr` gives a French page around French terms; the
  // hook also re-renders the page when the interface language changes.
  const options = useMemo(() => ({ lng: language }), [language]);
  const { t } = useTranslation('public', options);
  const query = useQuery({
    queryKey: ['legal', language, doc],
    queryFn: () => loadLegalDocument(language, doc),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  useDocumentTitle(`${query.data?.title ?? t(`legal.docs.${doc}`)} · Motema`);

  if (query.isPending) return <LegalSkeleton />;
  if (query.isError) {
    return (
      <Alert color="ochre" variant="light" title={t(`legal.docs.${doc}`)} role="alert">
        {t('legal.loadFailed')}
        <Button display="block" mt="sm" variant="default" onClick={() => void query.refetch()}>
          {t('legal.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <LegalArticle
      doc={doc}
      document={query.data}
      language={language}
      t={t}
      backToTerms={doc === 'privacy' && search.get('from') === 'terms-and-conditions'}
    />
  );
}

/** The shape of a document while it loads. */
function LegalSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true">
      <Skeleton height={36} width="70%" radius="sm" />
      <Skeleton height={14} width="40%" radius="sm" mb="md" />
      {[100, 95, 98, 60].map((width, index) => (
        <Skeleton key={index} height={16} width={`${width}%`} radius="sm" />
      ))}
      <Skeleton height={26} width="50%" radius="sm" mt="lg" />
      {[100, 92, 97, 80, 100, 45].map((width, index) => (
        <Skeleton key={index} height={16} width={`${width}%`} radius="sm" />
      ))}
    </Stack>
  );
}
