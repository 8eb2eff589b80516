import { Button, Text } from '@mantine/core';
import type { Payment } from '@motema/shared/billing';
import { useTranslation } from 'react-i18next';
import { errorText, isSessionEnd } from '../../lib/error-text.ts';
import { useCancelPaymentMutation } from './billing.api.ts';

/**
 * "Cancel this payment" on a pending payment (decision 0035): the member stops waiting, a new payment
 * of the plan may start, and should the request be approved on the phone after all, the pass is
 * credited. The payment's own answer then shows where it stands.
 */
export function CancelPaymentButton({
  payment,
  compact = false,
  onCancelled,
}: {
  payment: Pick<Payment, '_id'>;
  compact?: boolean;
  onCancelled?: (payment: Payment) => void;
}) {
  const { t } = useTranslation(['billing', 'errors']);
  const cancel = useCancelPaymentMutation();
  return (
    <>
      <Button
        variant={compact ? 'subtle' : 'light'}
        color="gray"
        size={compact ? 'compact-sm' : 'md'}
        loading={cancel.isPending}
        onClick={() => cancel.mutate(payment._id, { onSuccess: (answer) => onCancelled?.(answer) })}
      >
        {t('pending.cancel')}
      </Button>
      {cancel.isError && !isSessionEnd(cancel.error) && (
        <Text size="sm" c="red" role="alert">
          {t('pending.cancelFailed', { reason: errorText(cancel.error, t) })}
        </Text>
      )}
    </>
  );
}
