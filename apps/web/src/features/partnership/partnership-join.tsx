import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { WITHDRAWAL_MINIMUM_USD_MINOR } from '@motema/shared/partnership';
import { useTranslation } from 'react-i18next';
import { errorText, isSessionEnd } from '../../lib/error-text.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notify } from '../../lib/notices.ts';
import { formatMoney } from '../billing/money.ts';
import { useJoinMutation } from './partnership.api.ts';

/** What the programme is, before joining: the share, the hold, the withdrawals; then Join. */
export function PartnershipJoin() {
  const { t } = useTranslation(['partnership', 'errors']);
  const join = useJoinMutation();
  const minimum = formatMoney(WITHDRAWAL_MINIMUM_USD_MINOR, 'USD', currentLanguage());
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <IconHeartHandshake size={40} stroke={1.5} color="var(--mantine-color-coral-6)" aria-hidden />
        <Title order={2} size="h4">
          {t('join.title')}
        </Title>
        <Text>{t('join.text')}</Text>
        <List spacing="xs" size="sm">
          <List.Item>{t('join.share')}</List.Item>
          <List.Item>{t('join.hold')}</List.Item>
          <List.Item>{t('join.withdraw', { minimum })}</List.Item>
        </List>
        <Button
          loading={join.isPending}
          onClick={() =>
            join.mutate(undefined, {
              onSuccess: () => notify('positive', t('join.done'), 4000),
              onError: (error) => {
                if (!isSessionEnd(error)) notify('negative', errorText(error, t), 6000);
              },
            })
          }
        >
          {t('join.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
