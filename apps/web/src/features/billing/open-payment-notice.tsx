import { Alert, Button, Group, Text } from '@mantine/core';
import type { Payment } from '@motema/shared/billing';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n.ts';
import { CancelPaymentButton } from './cancel-payment-button.tsx';
import { formatMoney } from './money.ts';

/**
 * A payment of the plan is already waiting (the server refused a second start, 409
 * payment_in_progress): how much, on which number, and the member's choice: cancel it (and start
 * the new one) or keep waiting for it.
 */
export function OpenPaymentNotice({
  payment,
  onCancelled,
  onKeepWaiting,
}: {
  payment: Payment;
  onCancelled: (payment: Payment) => void;
  onKeepWaiting: () => void;
}) {
  const { t } = useTranslation('billing');
  const amount = formatMoney(payment.transaction.amount, payment.transaction.currency, currentLanguage());
  return (
    <Alert variant="light" color="ochre" radius="md" title={t('pending.title')} role="alert">
      <Text size="sm" mb="sm">
        {payment.phone
          ? t('pending.onPhone', { amount, phone: payment.phone })
          : t('pending.onCard', { amount })}
      </Text>
      <Group gap="sm">
        <CancelPaymentButton payment={payment} onCancelled={onCancelled} />
        <Button variant="filled" size="md" onClick={onKeepWaiting}>
          {t('pending.keepWaiting')}
        </Button>
      </Group>
    </Alert>
  );
}
