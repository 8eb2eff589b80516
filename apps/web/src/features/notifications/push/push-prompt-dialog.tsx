import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PushOffer } from './push-prompt-rule.ts';

type Props = {
  offer: PushOffer;
  busy: boolean;
  /** The member accepted our explanation; `discreet`: they chose discreet texts. */
  onAccept: (discreet: boolean) => void;
  /** "Not now", the close button, Escape or a tap outside: a refusal. */
  onRefuse: () => void;
};

/**
 * Our own explanation, before the browser's permission prompt (which a browser shows only so often):
 * why, what we send, the discreet choice. On an iPhone outside the installed app, the way to install.
 */
export function PushPromptDialog({ offer, busy, onAccept, onRefuse }: Props) {
  const { t } = useTranslation('push');
  const [discreet, setDiscreet] = useState(false);
  const install = offer === 'install';
  return (
    <Modal
      opened={offer !== null}
      onClose={onRefuse}
      title={t(install ? 'prompt.installTitle' : 'prompt.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {install ? (
        <Stack gap="md">
          <Text size="sm">{t('prompt.installBody')}</Text>
          <Group justify="flex-end">
            <Button variant="subtle" onClick={onRefuse}>
              {t('prompt.later')}
            </Button>
            <Button component={Link} to="/settings/install" onClick={onRefuse}>
              {t('prompt.install')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('prompt.why')}</Text>
          <Text size="sm" c="dimmed">
            {t('prompt.what')}
          </Text>
          <Checkbox
            checked={discreet}
            onChange={(event) => setDiscreet(event.currentTarget.checked)}
            label={t('prompt.discreet')}
          />
          <Group justify="flex-end">
            <Button variant="subtle" onClick={onRefuse} disabled={busy}>
              {t('prompt.later')}
            </Button>
            <Button onClick={() => onAccept(discreet)} loading={busy}>
              {t('prompt.accept')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
