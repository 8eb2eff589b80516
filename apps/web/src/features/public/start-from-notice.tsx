import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * "Log in to continue", for a visitor sent here from a members' page: over the page's foot, so that
 * its coming moves nothing on the page already shown, with both ways in (the page's own may be under
 * it); it may be closed.
 */
export function StartFromNotice({ login, register }: { login: string; register: string }) {
  const { t } = useTranslation('public');
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  return (
    <Alert
      color="ochre"
      variant="light"
      radius="md"
      title={t('start.from.title')}
      icon={<IconLogin2 size={20} aria-hidden />}
      role="status"
      withCloseButton
      closeButtonLabel={t('common:actions.close')}
      onClose={() => setClosed(true)}
      pos="fixed"
      bottom="calc(var(--mantine-spacing-md) + env(safe-area-inset-bottom))"
      left="var(--mantine-spacing-md)"
      right="var(--mantine-spacing-md)"
      maw={520}
      mx="auto"
      style={{ zIndex: 'var(--mantine-z-index-overlay)', boxShadow: 'var(--mantine-shadow-md)' }}
      bg="var(--mantine-color-body)"
    >
      <Text size="sm">{t('start.from.text')}</Text>
      {/* Both ways in: the page's own buttons may be under the notice on a phone. */}
      <Group gap="xs" mt="sm">
        <Button component={Link} to={login} size="sm" color="ochre.8">
          {t('common:actions.login')}
        </Button>
        <Button component={Link} to={register} size="sm" variant="default">
          {t('common:actions.register')}
        </Button>
      </Group>
    </Alert>
  );
}
