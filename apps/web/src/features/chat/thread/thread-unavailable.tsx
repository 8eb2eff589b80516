import { Button } from '@mantine/core';
import { IconMessageCircleOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Unavailable } from '../../../ui/unavailable.tsx';

/** A conversation that does not exist, is not the member's, or is with someone blocked. */
export function ThreadUnavailable() {
  const { t } = useTranslation('thread');
  return (
    <Unavailable icon={IconMessageCircleOff} title={t('unavailable.title')} text={t('unavailable.text')}>
      <Button component={Link} to="/conversations" mt="sm">
        {t('unavailable.back')}
      </Button>
    </Unavailable>
  );
}
