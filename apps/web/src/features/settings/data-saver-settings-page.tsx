import { List, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dataSaverChosen, setDataSaver, useDataSaver } from '../../lib/data-saver.ts';

const EFFECTS = ['photos', 'lists', 'ahead', 'media'] as const;

/**
 * Data saver for this device: smaller photos that wait for a tap, nothing loaded ahead, no media that
 * plays or loads by itself. Said plainly, with what it costs; the switch applies at once.
 */
export function DataSaverSettingsPage() {
  const { t } = useTranslation('settings');
  const on = useDataSaver();
  // Until the member chooses, the switch follows the browser's own "save data" wish: say so.
  const fromBrowser = on && !dataSaverChosen();

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('dataSaver.title')}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Switch
          size="md"
          checked={on}
          onChange={(event) => setDataSaver(event.currentTarget.checked)}
          label={t('dataSaver.label')}
          description={t('dataSaver.hint')}
          styles={{ label: { fontWeight: 600 } }}
        />
        {fromBrowser && (
          <Text size="sm" c="dimmed" mt="sm">
            {t('dataSaver.fromBrowser')}
          </Text>
        )}
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('dataSaver.whatTitle')}
        </Title>
        <List spacing="xs">
          {EFFECTS.map((effect) => (
            <List.Item key={effect}>{t(`dataSaver.effects.${effect}`)}</List.Item>
          ))}
        </List>
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('dataSaver.costTitle')}
        </Title>
        <Text>{t('dataSaver.cost')}</Text>
      </Stack>
      <Text size="sm" c="dimmed">
        {t('dataSaver.device')}
      </Text>
    </Stack>
  );
}
