import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../lib/i18n.ts';
import { formatMoney } from '../billing/money.ts';
import { useWithdrawalQuery } from './partnership.api.ts';

/**
 * A withdrawal after the request: followed until the operator's answer (SUCCESS or FAILED), with the
 * SPEC's success and failure messages. A failed one gave the money back to the available balance.
 */
export function WithdrawalFollow({ id, onAgain }: { id: string; onAgain: () => void }) {
  const { t } = useTranslation('partnership');
  const withdrawal = useWithdrawalQuery(id).data;
  if (!withdrawal)
    return (
      <Stack align="center" py="xl">
        <Loader aria-label={t('withdraw.checking')} />
      </Stack>
    );
  const amount = formatMoney(withdrawal.amount, withdrawal.currency, currentLanguage());
  const phone = `+${withdrawal.phone}`;
  if (withdrawal.status === 'SUCCESS')
    return (
      <Stack gap="md">
        <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title={t('withdraw.success.title')}>
          {t('withdraw.success.text', { amount, phone })}
        </Alert>
        <Button component={Link} to="/premium/partnership" variant="light">
          {t('withdraw.back')}
        </Button>
      </Stack>
    );
  if (withdrawal.status === 'FAILED')
    return (
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('withdraw.failure.title')}>
          {t('withdraw.failure.text', { amount, phone })}
        </Alert>
        <Button onClick={onAgain}>{t('withdraw.again')}</Button>
      </Stack>
    );
  return (
    <Stack gap="sm" align="center" ta="center" py="md" role="status">
      <Loader />
      <Text fw={600}>{t('withdraw.pending.title', { amount })}</Text>
      <Text size="sm" c="dimmed">
        {t('withdraw.pending.text', { phone })}
      </Text>
    </Stack>
  );
}
