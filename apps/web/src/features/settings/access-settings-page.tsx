import { Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMeQuery } from '../users/users.api.ts';
import { SettingsLinkGroup } from './components/settings-link-group.tsx';

/** How the member signs in: e-mail and phone (pausing and deleting the account are on the settings home). */
export function AccessSettingsPage() {
  const { t } = useTranslation('settings');
  const me = useMeQuery().data;
  if (!me) return null;

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('access.title')}
      </Title>
      <Text c="dimmed">{t('access.intro')}</Text>
      <SettingsLinkGroup
        title={t('access.contactGroup')}
        links={[
          { to: '/settings/access/email', label: t('access.email'), description: me.email, Icon: IconMail },
          {
            to: '/settings/access/phone',
            label: t('access.phone'),
            // Shown as stored (E.164): formatting would load the phone metadata on this light screen.
            description: me.phone ?? t('access.noPhone'),
            Icon: IconPhone,
          },
        ]}
      />
    </Stack>
  );
}
