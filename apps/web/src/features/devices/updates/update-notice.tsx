import { Affix, Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = { version: string; updating: boolean; onReload: () => void; onClose: () => void };

/**
 * The quiet notice of an optional update: the member updates when it suits them (the web reloads into
 * the new version, the mobile app opens its store page), or closes it.
 */
export function UpdateNotice({ version, updating, onReload, onClose }: Props) {
  const { t } = useTranslation('devices');
  return (
    <Affix position={{ bottom: 84, left: 12, right: 12 }} zIndex={150}>
      <Paper role="status" shadow="md" radius="md" p="sm" withBorder maw={480} mx="auto">
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" style={{ flex: 1 }}>
            {t('update.available', { version })}
          </Text>
          <Button size="xs" variant="light" loading={updating} onClick={onReload}>
            {t('update.apply')}
          </Button>
          <CloseButton size="sm" aria-label={t('update.later')} onClick={onClose} />
        </Group>
      </Paper>
    </Affix>
  );
}
