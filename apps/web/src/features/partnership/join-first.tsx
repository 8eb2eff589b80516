import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A withdrawal page opened before joining: what to do, and the way to the page where one joins. */
export function JoinFirst() {
  const { t } = useTranslation('partnership');
  return (
    <Stack gap="sm">
      <Text>{t('withdraw.errors.partnership_required')}</Text>
      <Button component={Link} to="/premium/partnership">
        {t('withdraw.joinFirst')}
      </Button>
    </Stack>
  );
}
