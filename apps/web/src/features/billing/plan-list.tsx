import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { Subscription } from '@motema/shared/billing';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text.ts';
import { usePlansQuery } from './billing.api.ts';
import { PlanCard } from './plan-card.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';

function PlanSkeleton() {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Skeleton height={20} width="40%" radius="sm" />
        <Skeleton height={26} width="55%" radius="sm" />
        <Skeleton height={12} width="80%" radius="sm" />
        <Skeleton height={12} width="70%" radius="sm" />
        <Skeleton height={12} width="75%" radius="sm" />
        <Skeleton height={36} radius="md" />
      </Stack>
    </Paper>
  );
}

/** The plan most members choose (the highest share, when any has one). */
export function mostChosenPlan(plans: Subscription[]): string | null {
  const best = plans.reduce<Subscription | null>(
    (top, plan) => (plan.popular > (top?.popular ?? 0) ? plan : top),
    null,
  );
  return best?._id ?? null;
}

/** The plans on sale, cheapest first, each with Subscribe (carrying `profile`). */
export function PlanList({ profile }: { profile: string | null }) {
  const { t } = useTranslation(['billing', 'errors']);
  const plans = usePlansQuery();
  if (plans.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('plans.loading')}>
        <PlanSkeleton />
        <PlanSkeleton />
      </Stack>
    );
  if (plans.isError)
    return (
      <LoadFailed
        message={t('plans.loadFailed')}
        reason={errorText(plans.error, t)}
        onRetry={() => void plans.refetch()}
        retrying={plans.isFetching}
      />
    );
  // The server sorts dearest first (its default); a phone reads the cheapest first.
  const onSale = plans.data.subscriptions.filter((plan) => !plan.expired).reverse();
  if (onSale.length === 0) return <Text c="dimmed">{t('plans.none')}</Text>;
  const mostChosen = mostChosenPlan(onSale);
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {onSale.map((plan) => (
        <PlanCard key={plan._id} plan={plan} mostChosen={plan._id === mostChosen} profile={profile} />
      ))}
    </Stack>
  );
}
