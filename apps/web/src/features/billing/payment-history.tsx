import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Payment } from '@motema/shared/billing';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n.ts';
import { errorText } from '../../lib/error-text.ts';
import { isCancellable, usePaymentsQuery, usePlansQuery } from './billing.api.ts';
import { CancelPaymentButton } from './cancel-payment-button.tsx';
import { formatMoney } from './money.ts';
import { reasonKey } from './payment-outcome.ts';
import { planTitle } from './plan-facts.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';

const STATUS_COLOR = { SUCCESS: 'teal', PENDING: 'ochre', FAILED: 'red', CANCELLED: 'gray' } as const;

function PaymentRow({ payment, plan }: { payment: Payment; plan: string | null }) {
  const { t } = useTranslation('billing');
  const language = currentLanguage();
  const { amount, currency, status } = payment.transaction;
  const reason = reasonKey(payment);
  // Cancelled (by the member, or the card page left) rather than failed.
  const shown =
    status === 'FAILED' && (payment.reason === 'member_cancelled' || payment.reason === 'canceled')
      ? 'CANCELLED'
      : status;
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(payment.createdAt),
  );
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{formatMoney(amount, currency, language)}</Text>
          <Text size="sm" c="dimmed">
            {[plan, t(`method.${payment.method}`), payment.phone].filter(Boolean).join(' · ')}
          </Text>
          <Text size="xs" c="dimmed">
            {when}
          </Text>
          {reason && (
            <Text size="xs" c={shown === 'FAILED' ? 'red.9' : 'dimmed'}>
              {t(reason)}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Badge color={STATUS_COLOR[shown]} variant="light">
            {t(`history.status.${shown}`)}
          </Badge>
          {isCancellable(payment) && <CancelPaymentButton payment={payment} compact />}
        </Stack>
      </Group>
    </Paper>
  );
}

/** The member's payments, newest first, page after page: amount, plan, method, when, and how each ended. */
export function PaymentHistory() {
  const { t } = useTranslation(['billing', 'errors']);
  const history = usePaymentsQuery();
  const plans = usePlansQuery();
  const titles = useMemo(
    () => new Map((plans.data?.subscriptions ?? []).map((plan) => [plan._id, planTitle(t, plan)])),
    [plans.data, t],
  );
  const payments = useMemo(() => history.data?.pages.flatMap((page) => page.payments) ?? [], [history.data]);

  return (
    <Stack gap="sm" component="section" aria-labelledby="payment-history">
      <Title order={2} size="h4" id="payment-history">
        {t('history.title')}
      </Title>
      {history.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('history.loading')}>
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : history.isError ? (
        <LoadFailed
          compact
          message={t('history.loadFailed', { reason: errorText(history.error, t) })}
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
        />
      ) : payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      ) : (
        <>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {payments.map((payment) => (
              <PaymentRow
                key={payment._id}
                payment={payment}
                plan={titles.get(payment.subscription) ?? null}
              />
            ))}
          </Stack>
          {history.hasNextPage && (
            <Button
              variant="subtle"
              onClick={() => void history.fetchNextPage()}
              loading={history.isFetchingNextPage}
            >
              {t('history.more')}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
