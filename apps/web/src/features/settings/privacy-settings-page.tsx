import { List, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notices.ts';
import { useMeQuery } from '../users/users.api.ts';
import { useUpdatePrivacyMutation } from './settings.api.ts';

const EFFECTS = ['lists', 'activity', 'pushes', 'title'] as const;

/**
 * Settings > Privacy: discreet mode (docs/discreet-mode.md), for members whose safety depends on not
 * being seen on a dating app. Said plainly, with what it hides and what stays; the switch saves at once.
 */
export function PrivacySettingsPage() {
  const { t } = useTranslation('settings');
  const me = useMeQuery().data;
  const update = useUpdatePrivacyMutation();
  if (!me) return null;

  const choose = (discreet: boolean) =>
    update.mutate(
      { discreet },
      {
        onSuccess: () => notify('positive', t(discreet ? 'privacy.on' : 'privacy.off')),
        onError: () => notify('negative', t('privacy.failed')),
      },
    );

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('privacy.title')}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Switch
          size="md"
          checked={update.isPending ? update.variables.discreet : me.discreet}
          disabled={update.isPending}
          onChange={(event) => choose(event.currentTarget.checked)}
          label={t('privacy.label')}
          description={t('privacy.hint')}
          styles={{ label: { fontWeight: 600 } }}
        />
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('privacy.whatTitle')}
        </Title>
        <List spacing="xs">
          {EFFECTS.map((effect) => (
            <List.Item key={effect}>{t(`privacy.effects.${effect}`)}</List.Item>
          ))}
        </List>
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('privacy.staysTitle')}
        </Title>
        <Text>{t('privacy.stays')}</Text>
      </Stack>
    </Stack>
  );
}
