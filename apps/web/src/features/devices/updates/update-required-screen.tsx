import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = { version: string; updating: boolean; onUpdate: () => void };

/**
 * The blocking "update now" screen: this build may no longer run against the server, so nothing else
 * can be reached (no close button, Escape and outside clicks do nothing) until the member updates.
 */
export function UpdateRequiredScreen({ version, updating, onUpdate }: Props) {
  const { t } = useTranslation('devices');
  return (
    <Modal.Root opened onClose={() => undefined} fullScreen closeOnEscape={false} closeOnClickOutside={false}>
      <Modal.Content>
        <Modal.Body p="lg">
          <Stack align="center" justify="center" gap="lg" mih="90dvh" maw={420} mx="auto" ta="center">
            <ThemeIcon size={72} radius="xl" color="coral" variant="light" aria-hidden>
              <IconRefresh size={40} stroke={1.6} />
            </ThemeIcon>
            <Modal.Title fz="h2" fw={700}>
              {t('update.requiredTitle')}
            </Modal.Title>
            <Text>{t('update.requiredText', { version })}</Text>
            <Button size="lg" fullWidth loading={updating} onClick={onUpdate}>
              {t('update.updateNow')}
            </Button>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
