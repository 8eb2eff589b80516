import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCash, IconDeviceMobile } from '@tabler/icons-react';
import type { PartnershipAnswer } from '@motema/shared/partnership';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../lib/i18n.ts';
import { formatDay } from './partnership-day.ts';
import { WithdrawalAccountStatus } from './withdrawal-account-status.tsx';
import { belowMinimumText } from './withdrawal-minimum.ts';
import { withdrawalBlock } from './withdrawal-readiness.ts';

/** Where withdrawals go (add or edit the number) and the request button, or why it is not offered yet. */
export function WithdrawalPanel({ overview, now }: { overview: PartnershipAnswer; now: number }) {
  const { t } = useTranslation('partnership');
  const language = currentLanguage();
  const account = overview.withdrawalAccount;
  const block = withdrawalBlock(overview, now);
  const reason =
    block === 'below_minimum'
      ? belowMinimumText(t, overview.balances, language)
      : block === 'cooldown'
        ? t('withdraw.blocked.cooldown', { date: formatDay(account!.withdrawableFrom!, language) })
        : block && t(`withdraw.blocked.${block}`);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="withdrawals">
      <Stack gap="sm">
        <Title order={2} size="h4" id="withdrawals">
          {t('withdraw.heading')}
        </Title>
        {account ? (
          <WithdrawalAccountStatus account={account} now={now} />
        ) : (
          <Text size="sm">{t('account.none')}</Text>
        )}
        <Button
          component={Link}
          to="/premium/withdrawal/account"
          variant="light"
          leftSection={<IconDeviceMobile size={18} aria-hidden />}
        >
          {t(account ? 'account.edit' : 'account.add')}
        </Button>
        {block ? (
          <Button
            disabled
            leftSection={<IconCash size={18} aria-hidden />}
            aria-describedby="withdraw-blocked"
          >
            {t('withdraw.button')}
          </Button>
        ) : (
          <Button component={Link} to="/premium/withdrawal" leftSection={<IconCash size={18} aria-hidden />}>
            {t('withdraw.button')}
          </Button>
        )}
        {reason && (
          <Text size="sm" c="dimmed" id="withdraw-blocked">
            {reason}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
