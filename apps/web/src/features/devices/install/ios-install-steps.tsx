import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Safari's way on iPhone and iPad (no install prompt there): Share, then Add to Home Screen. */
export function IosInstallSteps() {
  const { t } = useTranslation('install');
  return (
    <Stack gap="xs">
      <Text size="sm">{t('ios.intro')}</Text>
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>{t('ios.share')}</List.Item>
        <List.Item>{t('ios.add')}</List.Item>
        <List.Item>{t('ios.confirm')}</List.Item>
      </List>
    </Stack>
  );
}
