import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CLOCK_REFRESH_MS } from '@motema/shared/limits';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../lib/error-text.ts';
import { useClock } from '../../lib/use-clock.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { useMeQuery } from '../users/users.api.ts';
import { ChildAccounts } from './child-accounts.tsx';
import { JournalList } from './journal-list.tsx';
import { PartnerBalances } from './partner-balances.tsx';
import { useJournalsQuery, usePartnershipQuery } from './partnership.api.ts';
import { PartnershipJoin } from './partnership-join.tsx';
import { ReferralShare } from './referral-share.tsx';
import { WithdrawalPanel } from './withdrawal-panel.tsx';

/** How many journals the overview shows; the journals page has them all. */
const LATEST_JOURNALS = 3;

/** The latest journals, with the way to all of them. */
function LatestJournals() {
  const { t } = useTranslation('partnership');
  const journals = useJournalsQuery(LATEST_JOURNALS);
  return (
    <Stack gap="sm" component="section" aria-labelledby="latest-journals">
      <Title order={2} size="h4" id="latest-journals">
        {t('journals.latest')}
      </Title>
      <JournalList query={journals} paged={false} />
      <Anchor component={Link} to="/premium/journals" fw={600}>
        {t('journals.all')}
      </Anchor>
    </Stack>
  );
}

/**
 * `/premium/partnership`: to a member who has not joined, what the programme is and Join; to a
 * partner, what they are owed, their link, the members they brought, the journals and withdrawals.
 */
export function PartnershipPage() {
  const { t } = useTranslation(['partnership', 'errors']);
  const overview = usePartnershipQuery();
  const me = useMeQuery().data;
  const now = useClock(CLOCK_REFRESH_MS);
  useDocumentTitle(t('title'));
  const partnership = overview.data?.partnership;
  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('title')}
      </Title>
      {overview.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
          <Skeleton height={120} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      ) : overview.isError ? (
        <LoadFailed
          message={t('loadFailed')}
          reason={errorText(overview.error, t)}
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      ) : !partnership ? (
        <PartnershipJoin balances={overview.data.balances} />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('terms', { percentage: partnership.percentage, days: partnership.holdDays })}
          </Text>
          <PartnerBalances balances={overview.data.balances} />
          <WithdrawalPanel overview={overview.data} now={now} />
          <ReferralShare code={partnership.code} />
          {me && <ChildAccounts parentId={me._id} total={overview.data.children} />}
          <LatestJournals />
        </>
      )}
    </Stack>
  );
}
