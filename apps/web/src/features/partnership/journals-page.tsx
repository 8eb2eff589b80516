import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useJournalsQuery } from './partnership.api.ts';
import { JournalList } from './journal-list.tsx';

/** `/premium/journals`: every entry of the member's balances, newest first, a page at a time. */
export function JournalsPage() {
  const { t } = useTranslation('partnership');
  const journals = useJournalsQuery();
  useDocumentTitle(t('journals.title'));
  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('journals.title')}
      </Title>
      <JournalList query={journals} paged />
    </Stack>
  );
}
