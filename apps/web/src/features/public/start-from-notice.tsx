import { Alert, Button, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** "Log in to continue", for a visitor the guard sent here from a members' page. */
export function StartFromNotice({ login }: { login: string }) {
  const { t } = useTranslation('public');
  return (
    <Alert
      color="ochre"
      variant="light"
      radius="md"
      mb="lg"
      title={t('start.from.title')}
      icon={<IconLogin2 size={20} aria-hidden />}
      role="status"
    >
      <Text size="sm">{t('start.from.text')}</Text>
      <Button component={Link} to={login} size="sm" mt="sm" color="ochre.8">
        {t('common:actions.login')}
      </Button>
    </Alert>
  );
}
