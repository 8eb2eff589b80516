import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import type { PartnerBalance } from '@motema/shared/partnership';
import { useTranslation } from 'react-i18next';
import { errorText, isSessionEnd } from '../../lib/error-text.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notify } from '../../lib/notices.ts';
import { useJoinMutation } from './partnership.api.ts';
import { minimumsText } from './withdrawal-minimum.ts';

/**
 * What the programme is, before joining: the share, the hold, the withdrawals (from the smallest in
 * each currency, the server's `balances`); then Join.
 */
export function PartnershipJoin({ balances }: { balances: PartnerBalance[] }) {
  const { t } = useTranslation(['partnership', 'errors']);
  const join = useJoinMutation();
  const minimum = minimumsText(balances, currentLanguage());
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
