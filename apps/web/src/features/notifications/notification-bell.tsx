import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMeQuery } from '../users/users.api.ts';
import { useCountersQuery } from './notifications.api.ts';

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
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
      >
        <IconBell size={24} stroke={1.6} />
      </ActionIcon>
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
