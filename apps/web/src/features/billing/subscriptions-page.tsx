import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import type { UserSubscription } from '@motema/shared/billing';
import { CLOCK_REFRESH_MS } from '@motema/shared/limits';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currentLanguage } from '../../lib/i18n.ts';
import { notify } from '../../lib/notices.ts';
import { useClock } from '../../lib/use-clock.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { errorText, isSessionEnd } from '../../lib/error-text.ts';
import { useCancelPassMutation, usePassesQuery } from './billing.api.ts';
import { CancelPassDialog } from './cancel-pass-dialog.tsx';
import { PassCard } from './pass-card.tsx';
import { formatDate, hasLivePass, premiumEndsAt } from './passes.ts';
import { PaymentHistory } from './payment-history.tsx';
import { PlanList } from './plan-list.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';

const plansPath = (profile: string | null) =>
  profile ? `/premium?profile=${encodeURIComponent(profile)}` : '/premium';

/**
 * `/premium/subscriptions`: the member's passes (what each gives, time left, cancel) and payments.
 * A member without a pass running sees the plans to buy right here: the payment-required dialog
 * leads here with the profile they were writing to, which Subscribe carries on.
 */
export function SubscriptionsPage() {
  const { t } = useTranslation(['billing', 'errors']);
  const [params] = useSearchParams();
  const profile = params.get('profile');
  const now = useClock(CLOCK_REFRESH_MS);
  const passes = usePassesQuery();
  const cancel = useCancelPassMutation();
  // The pass being cancelled stays set while the dialog closes, so its text does not vanish mid-animation.
  const [target, setTarget] = useState<UserSubscription | null>(null);
  const [confirming, setConfirming] = useState(false);
  const rows = useMemo(() => passes.data?.pages.flatMap((page) => page.subscriptions) ?? [], [passes.data]);
  useDocumentTitle(t('passes.title'));

  const confirmCancel = () => {
    if (!target) return;
    cancel.mutate(target._id, {
      onSuccess: (pass) => {
        setConfirming(false);
        notify('positive', t('cancel.done', { date: formatDate(pass.endsAt, currentLanguage()) }), 6000);
      },
      onError: (error) => {
        setConfirming(false);
        if (!isSessionEnd(error))
          notify('negative', t('cancel.failed', { reason: errorText(error, t) }), 6000);
      },
    });
  };

  const live = hasLivePass(rows, now);
  const endsAt = premiumEndsAt(rows, now);

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('passes.title')}
      </Title>
      {passes.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('passes.loading')}>
          <Skeleton height={180} radius="md" />
        </Stack>
      ) : passes.isError ? (
        <LoadFailed
          message={t('passes.loadFailed')}
          reason={errorText(passes.error, t)}
          onRetry={() => void passes.refetch()}
          retrying={passes.isFetching}
        />
      ) : (
        <>
          {live && endsAt ? (
            <Paper withBorder radius="md" p="md" bg="var(--mantine-color-teal-light)">
              <Stack gap="xs">
                <Text fw={600}>
                  {t('passes.activeUntil', { date: formatDate(endsAt, currentLanguage()) })}
                </Text>
                {profile && <Text size="sm">{t('passes.stillRefused')}</Text>}
                <Button
                  component={Link}
                  to={plansPath(profile)}
                  variant="light"
                  style={{ alignSelf: 'flex-start' }}
                  leftSection={<IconCrown size={18} aria-hidden />}
                >
                  {t('passes.addDays')}
                </Button>
              </Stack>
            </Paper>
          ) : (
            <Stack gap="md">
              <Text>{t(profile ? 'passes.noneForProfile' : 'passes.none')}</Text>
              <PlanList profile={profile} />
            </Stack>
          )}
          {rows.length > 0 && (
            <Stack gap="sm" component="section" aria-labelledby="my-passes">
              <Title order={2} size="h4" id="my-passes">
                {t('passes.mine')}
              </Title>
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {rows.map((pass) => (
                  <PassCard
                    key={pass._id}
                    pass={pass}
                    now={now}
                    others={rows}
                    onCancel={(chosen) => {
                      setTarget(chosen);
                      setConfirming(true);
                    }}
                  />
                ))}
              </Stack>
              {passes.hasNextPage && (
                <Button
                  variant="subtle"
                  onClick={() => void passes.fetchNextPage()}
                  loading={passes.isFetchingNextPage}
                >
                  {t('passes.more')}
                </Button>
              )}
            </Stack>
          )}
        </>
      )}
      <PaymentHistory />
      <CancelPassDialog
        pass={target}
        opened={confirming}
        now={now}
        pending={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
