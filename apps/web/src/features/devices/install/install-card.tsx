import { Affix, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceMobileDown } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IosInstallSteps } from './ios-install-steps.tsx';

type Props = {
  /** `prompt`: our button opens the browser's dialog; `ios`: the Share menu's steps. */
  way: 'prompt' | 'ios';
  onInstall: () => void;
  onRefuse: () => void;
};

/**
 * Our own offer to install, before the browser's dialog: a quiet card above the tab bar, never a
 * modal (the member may go on using the app). "Not now" and the cross are remembered as a refusal.
 */
export function InstallCard({ way, onInstall, onRefuse }: Props) {
  const { t } = useTranslation(['install', 'common']);
  const titleId = useId();
  return (
    <Affix
      zIndex={150}
      // Above the tab bar where there is one (Mantine sets its height on :root), else near the edge.
      position={{
        bottom: 'calc(var(--app-shell-footer-offset, 0px) + 12px + env(safe-area-inset-bottom, 0px))',
        left: 12,
        right: 12,
      }}
      style={{ display: 'flex', justifyContent: 'center' }}
    >
      <Paper
        component="section"
        aria-labelledby={titleId}
        withBorder
        shadow="md"
        radius="lg"
        p="md"
        maw={420}
        w="100%"
      >
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Group wrap="nowrap" gap="sm" align="flex-start">
              <IconDeviceMobileDown size={28} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
              <Text id={titleId} fw={700}>
                {t(way === 'ios' ? 'ios.title' : 'card.title')}
              </Text>
            </Group>
            <CloseButton aria-label={t('common:actions.close')} onClick={onRefuse} />
          </Group>
          {way === 'ios' ? <IosInstallSteps /> : <Text size="sm">{t('card.body')}</Text>}
          <Group justify="flex-end" gap="xs">
            {way === 'prompt' ? (
              <>
                <Button variant="subtle" onClick={onRefuse}>
                  {t('card.later')}
                </Button>
                <Button onClick={onInstall}>{t('card.install')}</Button>
              </>
            ) : (
              <Button variant="light" onClick={onRefuse}>
                {t('card.gotIt')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Affix>
  );
}
