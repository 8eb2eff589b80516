import { Anchor, Stack, Text, Title } from '@mantine/core';
import { CLOCK_REFRESH_MS } from '@motema/shared/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../lib/i18n.ts';
import { useClock } from '../../lib/use-clock.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { formatDay } from './partnership-day.ts';
import { JoinFirst } from './join-first.tsx';
import { OverviewFallback } from './overview-fallback.tsx';
import { usePartnershipQuery } from './partnership.api.ts';
import { WithdrawalFollow } from './withdrawal-follow.tsx';
import { WithdrawalForm } from './withdrawal-form.tsx';
import { belowMinimumText } from './withdrawal-minimum.ts';
import { withdrawable, withdrawalBlock } from './withdrawal-readiness.ts';

/**
 * `/premium/withdrawal`: asks for a withdrawal to the proven number, then follows it to the
 * operator's answer. A withdrawal already under way is followed at once (one at a time).
 */
export function WithdrawalPage() {
  const { t } = useTranslation(['partnership', 'errors']);
  const overview = usePartnershipQuery();
  const now = useClock(CLOCK_REFRESH_MS);
  // The withdrawal followed: the one asked here, or the one found under way. It stays followed once
  // it settles (the overview then no longer holds it) until its outcome has been shown and the member
  // moves on; one they moved on from is not taken up again from an overview not yet refreshed.
  const [following, setFollowing] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  useDocumentTitle(t('withdraw.title'));
  const data = overview.data;
  const underWay = data?.withdrawal?.status === 'PENDING' ? data.withdrawal._id : null;
  if (following === null && underWay !== null && underWay !== dismissed) setFollowing(underWay);
  const block = data && withdrawalBlock(data, now);
  const language = currentLanguage();

  const body = () => {
    if (!overview.isSuccess) return <OverviewFallback overview={overview} />;
    if (following) {
      const again = () => {
        setDismissed(following);
        setFollowing(null);
      };
      return <WithdrawalFollow id={following} onAgain={again} />;
    }
    if (!overview.data.partnership) return <JoinFirst />;
    if (block && block !== 'in_flight') {
      return (
        <Stack gap="sm">
          <Text>
            {block === 'below_minimum'
              ? belowMinimumText(t, overview.data.balances, language)
              : block === 'cooldown'
                ? t('withdraw.blocked.cooldown', {
                    date: formatDay(overview.data.withdrawalAccount!.withdrawableFrom!, language),
                  })
                : t(`withdraw.blocked.${block}`)}
          </Text>
          <Anchor
            component={Link}
            to={block === 'below_minimum' ? '/premium/partnership' : '/premium/withdrawal/account'}
          >
            {t(block === 'below_minimum' ? 'withdraw.back' : 'account.open')}
          </Anchor>
        </Stack>
      );
    }
    return (
      <WithdrawalForm
        balances={withdrawable(overview.data.balances)}
        phone={overview.data.withdrawalAccount!.phone}
        onStarted={(withdrawal) => setFollowing(withdrawal._id)}
      />
    );
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('withdraw.title')}
      </Title>
      {body()}
    </Stack>
  );
}
