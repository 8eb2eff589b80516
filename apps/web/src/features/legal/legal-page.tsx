import { Box, Skeleton, Stack } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { currentLanguage, loadNamespacesIn } from '../../lib/i18n.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LegalArticle } from './legal-article.tsx';
import type { InterfaceLanguage } from '@motema/shared/languages';
import { legalLanguage, loadLegalDocument, type LegalDoc } from './legal-content.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';

const legalDocumentQuery = (language: InterfaceLanguage, doc: LegalDoc) =>
  queryOptions({
    queryKey: ['legal', language, doc],
    queryFn: () => loadLegalDocument(language, doc),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/**
 * The route's loader (legal.feature.tsx): the document loads with the page's code, so the page opens whole
 * rather than with its skeleton first, and a prerendered page (build/prerender.ts) is hydrated as the
 * build wrote it. A failure is the page's to show (its query is then in error).
 */
export function legalLoader(doc: LegalDoc) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const lang = new URL(request.url).searchParams.get('lang');
    const language = legalLanguage(doc, currentLanguage(), lang);
    // The page's own words in the document's language too: read with `?lang=` in another language than
    // the interface's, the page was otherwise drawn as its skeleton, without its heading, until they came.
    await Promise.all([
      queryClient.prefetchQuery(legalDocumentQuery(language, doc)),
      loadNamespacesIn(language, ['public']),
    ]);
    return null;
  };
}

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
  const query = useQuery(legalDocumentQuery(language, doc));
  useDocumentTitle(`${query.data?.title ?? t(`legal.docs.${doc}`)} · Motema`);

  if (query.isPending) return <LegalSkeleton />;
  if (query.isError) {
    return (
      <LoadFailed
        message={t('legal.loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
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
