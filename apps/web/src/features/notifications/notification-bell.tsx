import { Indicator, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMeQuery } from '../users/users.api.ts';
import { useCountersQuery } from './notifications.api.ts';
import classes from './notifications.module.css';

function Bell() {
  const { t } = useTranslation('notifications');
  const member = useMeQuery().data != null;
  const count = useCountersQuery({ enabled: member }).data?.notifications ?? 0;
  const label = count > 0 ? `${t('list.title')}, ${t('badges.notifications', { count })}` : t('list.title');
  return (
    <Indicator
      disabled={count <= 0}
      label={<span aria-hidden>{count > 99 ? '99+' : count}</span>}
      size={18}
      offset={4}
      styles={{ indicator: { fontWeight: 700, fontSize: 11, padding: '0 4px' } }}
    >
      {/* An UnstyledButton as the tab bar's (not ActionIcon): the home layout then adds no component of
          the visitor pages to the chunk they share with home (bar B5). */}
      <UnstyledButton component={Link} to="/notifications" aria-label={label} className={classes.bell}>
        <IconBell size={24} stroke={1.6} aria-hidden />
      </UnstyledButton>
    </Indicator>
  );
}

/** The bell: the count of new notifications, opening the notifications screen. */
export function NotificationBell() {
  return (
    <Suspense fallback={null}>
      <Bell />
    </Suspense>
  );
}
