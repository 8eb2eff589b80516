import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Currency, Payment } from '@motema/shared/billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { currentLanguage } from '../../lib/i18n.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { usePlansQuery } from './billing.api.ts';
import { cardPage } from './card-page.ts';
import { formatMoney } from './money.ts';
import { PaymentForm } from './payment-form.tsx';
import { rememberedPaymentMethod } from './payment-method.ts';
import { PaymentWatch } from './payment-watch.tsx';
import { paymentProfile, rememberPaymentProfile } from './paywall-return.ts';
import { PlanFacts, planTitle } from './plan-facts.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';

/**
 * `/premium/subscribe/{id}`: the payment wizard for one plan. Without `reference` it asks how to
 * pay; once the payment started, `?reference=` holds it (so a reload, and the way back from the
 * card page, land on the live status), with `profile` when the member came from the paywall.
 */
export function SubscribePage() {
  const { t } = useTranslation('billing');
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const reference = params.get('reference');
  // Back from the card page, the query holds the reference alone: the profile was kept for it.
  const profile = params.get('profile') ?? (reference ? paymentProfile(reference) : null);
  const [method] = useState(rememberedPaymentMethod);
  const [lastPhone, setLastPhone] = useState<string | null>(null);
  // "Try again" keeps the currency tried (the card page's way back reloads the page: the payment says it).
  const [lastCurrency, setLastCurrency] = useState<Currency | null>(null);
  const plans = usePlansQuery();
  const plan = plans.data?.subscriptions.find((item) => item._id === id);
  const title = plan ? planTitle(t, plan) : t('wizard.title');
  useDocumentTitle(title);

  const withProfile = (extra: Record<string, string>) => ({ ...extra, ...(profile ? { profile } : {}) });
  const started = (payment: Payment, phone: string | null) => {
    if (phone) setLastPhone(phone);
    setParams(withProfile({ reference: payment.reference }), { replace: true });
    if (payment.method === 'card' && payment.transaction.status === 'PENDING' && payment.redirectUrl) {
      if (profile) rememberPaymentProfile(payment.reference, profile);
      cardPage.open(payment.redirectUrl);
    }
  };
  const retry = (tried: Payment | null) => {
    if (tried) setLastCurrency(tried.transaction.currency);
    setParams(withProfile({}), { replace: true });
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h3">
          {title}
        </Title>
        {plan && (
          <Text c="dimmed">
            {t('wizard.price', {
              cdf: formatMoney(plan.cost.CDF, 'CDF', currentLanguage()),
              usd: formatMoney(plan.cost.USD, 'USD', currentLanguage()),
            })}
          </Text>
        )}
      </Stack>
      {reference ? (
        <PaymentWatch reference={reference} fallbackMethod={method} profile={profile} onRetry={retry} />
      ) : plans.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('plans.loading')}>
          <Skeleton height={90} radius="md" />
          <Skeleton height={160} radius="md" />
        </Stack>
      ) : plans.isError && (!plan || plan.expired) ? (
        <LoadFailed
          message={t('plans.loadFailed')}
          onRetry={() => void plans.refetch()}
          retrying={plans.isFetching}
        />
      ) : !plan || plan.expired ? (
        <Stack gap="sm" align="flex-start">
          <Text>{t('wizard.planGone')}</Text>
          <Anchor
            component={Link}
            to={profile ? `/premium?profile=${encodeURIComponent(profile)}` : '/premium'}
          >
            {t('wizard.seePlans')}
          </Anchor>
        </Stack>
      ) : (
        <>
          <Paper withBorder radius="md" p="md">
            <PlanFacts plan={plan} />
          </Paper>
          <PaymentForm plan={plan} lastPhone={lastPhone} lastCurrency={lastCurrency} onStarted={started} />
        </>
      )}
    </Stack>
  );
}
