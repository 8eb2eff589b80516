import { Alert, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IosInstallSteps } from './ios-install-steps.tsx';
import { installedFromHere, showInstallPrompt } from './install-prompt.ts';
import { useInstallWay } from './install-way.ts';

const BENEFITS = ['home', 'window', 'push'] as const;
const MENUS = ['chrome', 'firefox', 'safari'] as const;

/**
 * Settings > Install web app: how this browser installs Motema, whatever the card's timing and a
 * refusal of it (the member asked here). The browser's dialog where it has one, the Share menu's steps
 * on iPhone and iPad, the browsers' menus elsewhere; nothing to do in the installed app.
 */
export function InstallPage() {
  const { t } = useTranslation('install');
  const way = useInstallWay();
  const [dismissed, setDismissed] = useState(false);

  const install = async () => {
    setDismissed((await showInstallPrompt()) === 'dismissed');
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('page.title')}
      </Title>
      {way === 'installed' ? (
        <Alert color="teal" icon={<IconCircleCheck />} role="status">
          {t(installedFromHere() ? 'page.installedNow' : 'page.installed')}
        </Alert>
      ) : (
        <Text>{t('page.intro')}</Text>
      )}
      {way === 'prompt' && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm" align="flex-start">
            <Text>{t('page.ready')}</Text>
            <Button onClick={() => void install()}>{t('page.install')}</Button>
          </Stack>
        </Paper>
      )}
      {way === 'ios' && (
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h5" mb="xs">
            {t('ios.title')}
          </Title>
          <IosInstallSteps />
        </Paper>
      )}
      {way === 'menu' && (
        <Stack gap="xs">
          {dismissed && (
            <Text c="dimmed" role="status">
              {t('page.dismissed')}
            </Text>
          )}
          <Title order={2} size="h5">
            {t('page.menuTitle')}
          </Title>
          <List spacing="xs">
            {MENUS.map((menu) => (
              <List.Item key={menu}>{t(`page.menu.${menu}`)}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            {t('page.menuNone')}
          </Text>
        </Stack>
      )}
      {way !== 'installed' && (
        <Stack gap="xs">
          <Title order={2} size="h5">
            {t('page.benefitsTitle')}
          </Title>
          <List spacing="xs">
            {BENEFITS.map((benefit) => (
              <List.Item key={benefit}>{t(`page.benefits.${benefit}`)}</List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
