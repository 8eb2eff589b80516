import { Button, Text } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './thread.module.css';

/** Above the list while it shows only the starred messages: says so, and goes back to all. */
export function ImportantFilterBar({ onShowAll }: { onShowAll: () => void }) {
  const { t } = useTranslation('thread');
  return (
    <div className={classes.filterBar}>
      <Text size="sm" c="dimmed" style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}>
        <IconStar size={16} aria-hidden /> {t('list.importantOnly')}
      </Text>
      <Button variant="subtle" size="compact-sm" style={{ flex: 'none' }} onClick={onShowAll}>
        {t('list.showAll')}
      </Button>
    </div>
  );
}
