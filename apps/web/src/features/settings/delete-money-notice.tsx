import { Alert, Anchor, List, Text } from '@mantine/core';
import type { UserSubscription } from '@motema/shared/billing';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format-date.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { formatMoney } from '../billing/money.ts';
import { usePassesQuery } from '../billing/billing.api.ts';
import { usePartnershipQuery } from '../partnership/partnership.api.ts';

/** When the member's Premium ends (the last pass still to run), or null without one. */
function premiumEnd(passes: readonly UserSubscription[], now: number): number | null {
  const ends = passes
    .filter((pass) => !pass.revokedAt)
    .map((pass) => Date.parse(pass.endsAt))
    .filter((end) => end > now);
  return ends.length ? Math.max(...ends) : null;
}

/**
 * What a member would lose of what they paid or earned by deleting the account: the Premium days
 * still to run and the partnership's balances (withdrawable, on hold, on their way). Nothing when
 * there is neither.
 */
export function DeleteMoneyNotice() {
  const { t } = useTranslation('settings');
  const language = currentLanguage();
  const passes = usePassesQuery().data?.pages.flatMap((page) => page.subscriptions) ?? [];
  const balances = usePartnershipQuery().data?.balances ?? [];
  const premiumUntil = premiumEnd(passes, Date.now());
  const money = (amount: number, currency: (typeof balances)[number]['currency']) =>
    formatMoney(amount, currency, language);
  const lines = [
    ...(premiumUntil
      ? [t('delete.money.premium', { date: formatDate(premiumUntil, language, { dateStyle: 'long' }) })]
      : []),
    ...balances.flatMap((balance) => [
      ...(balance.available > 0
        ? [t('delete.money.available', { amount: money(balance.available, balance.currency) })]
        : []),
      ...(balance.pending > 0
        ? [t('delete.money.pending', { amount: money(balance.pending, balance.currency) })]
        : []),
      ...(balance.inFlight > 0
        ? [t('delete.money.inFlight', { amount: money(balance.inFlight, balance.currency) })]
        : []),
    ]),
  ];
  if (lines.length === 0) return null;
  const canWithdraw = balances.some((balance) => balance.available > 0);
  return (
    <Alert
      variant="light"
      color="ochre"
      icon={<IconCoins size={20} />}
      radius="md"
      title={t('delete.money.title')}
    >
      <List size="sm" spacing={4}>
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      {canWithdraw && (
        <Text size="sm" mt="xs">
          <Anchor component={Link} to="/premium/withdrawal" inherit>
            {t('delete.money.withdraw')}
          </Anchor>
        </Text>
      )}
    </Alert>
  );
}
