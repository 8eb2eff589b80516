import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Payment, PaymentMethod } from '@motema/shared/billing';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { errorText } from '../../lib/error-text.ts';
import { isCancellable } from './billing.api.ts';
import { CancelPaymentButton } from './cancel-payment-button.tsx';
import { formatMoney } from './money.ts';
import { PaymentOutcomeView } from './payment-outcome-view.tsx';
import { PaymentStep } from './payment-step.tsx';
import { usePaymentStatus } from './use-payment-status.ts';

/**
 * The wizard after the payment started (`?reference=`): the process step with its live status
 * (approve on your phone; for a card, the check after the provider's page), then the status step.
 */
export function PaymentWatch({
  reference,
  fallbackMethod,
  profile,
  onRetry,
}: {
  reference: string;
  /** The method chosen, until the payment's own answer says. */
  fallbackMethod: PaymentMethod;
  profile: string | null;
  /** Back to the form, with the payment tried (its currency is kept). */
  onRetry: (tried: Payment | null) => void;
}) {
  const { t } = useTranslation(['billing', 'errors']);
  const { payment, outcome, error, lost, watchAgain, checking } = usePaymentStatus(reference);
  const method = payment?.method ?? fallbackMethod;

  // A reference the server does not know for this member (another's, or mistyped): nothing to watch.
  if (!payment && isApiError(error) && error.status >= 400 && error.status < 500)
    return (
      <Stack gap="md">
        <Alert variant="light" color="red" radius="md" title={t('outcome.unknown.title')}>
          <Text size="sm">{errorText(error, t)}</Text>
        </Alert>
        <Button onClick={() => onRetry(null)}>{t('outcome.tryAgain')}</Button>
      </Stack>
    );

  if (outcome)
    return (
      <Stack gap="md">
        <PaymentStep method={method} step="status" />
        <PaymentOutcomeView
          outcome={outcome}
          payment={payment ?? null}
          profile={profile}
          checking={checking}
          onRetry={() => onRetry(payment ?? null)}
          onCheckAgain={watchAgain}
        />
      </Stack>
    );

  const amount = payment
    ? formatMoney(payment.transaction.amount, payment.transaction.currency, currentLanguage())
    : null;
  return (
    <Stack gap="md">
      <PaymentStep method={method} step="process" />
      <Title order={2} size="h4">
        {t(method === 'card' ? 'process.cardTitle' : 'process.mobileTitle')}
      </Title>
      {method === 'mobile_money' ? (
        <Text>
          {payment?.phone && amount
            ? t('process.mobileText', { amount, phone: payment.phone })
            : t('process.mobileTextShort')}
        </Text>
      ) : (
        <Text>{t('process.cardText')}</Text>
      )}
      <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
        <Loader size="sm" color="coral" aria-hidden />
        <Text size="sm" c="dimmed">
          {lost ? t('process.reconnecting') : t(method === 'card' ? 'process.checking' : 'process.waiting')}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('process.keepOpen')}
      </Text>
      {payment && isCancellable(payment) && <CancelPaymentButton payment={payment} />}
    </Stack>
  );
}
