import { Badge, Group, Stack, Text } from '@mantine/core';
import type { WithdrawalAccount } from '@motema/shared/partnership';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n.ts';
import { formatDay } from './partnership-day.ts';

const STATUS_COLOR = { proving: 'ochre', failed: 'red', proven: 'teal' } as const;

/** The withdrawal number, its proof's status, and when proven since when and from when it is paid to. */
export function WithdrawalAccountStatus({ account, now }: { account: WithdrawalAccount; now: number }) {
  const { t } = useTranslation('partnership');
  const language = currentLanguage();
  // A first number opens when it is proven (withdrawableFrom = provenAt): no cooldown to tell, even
  // when the proof came after `now` was last read; a changed one opens later, and says when.
  const from = account.withdrawableFrom === null ? null : Date.parse(account.withdrawableFrom);
  const cooling =
    from !== null && from > now && (account.provenAt === null || from > Date.parse(account.provenAt));
  return (
    <Stack gap={4}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text fw={600} ff="monospace">
          +{account.phone}
        </Text>
        <Badge color={STATUS_COLOR[account.status]} variant="light">
          {t(`account.status.${account.status}`)}
        </Badge>
      </Group>
      {account.status === 'proven' && account.provenAt && (
        <Text size="sm" c="dimmed">
          {t('account.provenAt', { date: formatDay(account.provenAt, language) })}
        </Text>
      )}
      {account.status === 'proven' && cooling && (
        <Text size="sm">
          {t('account.cooldown', { date: formatDay(account.withdrawableFrom!, language) })}
        </Text>
      )}
    </Stack>
  );
}
