import { Badge, Indicator, VisuallyHidden } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeQuery } from '../users/users.api.ts';
import { useCountersQuery } from './notifications.api.ts';

/**
 * Which counter a tab shows: unread messages on Chats. New notifications are the bell's
 * (notification-bell.tsx), which opens the screen that sees them.
 */
function useTabCount(to: string): { count: number; key: 'messages' } | null {
  const member = useMeQuery().data != null;
  const counters = useCountersQuery({ enabled: member }).data;
  const key = to === '/conversations' ? 'messages' : null;
  if (!key || !member) return null;
  return { key, count: counters?.[key] ?? 0 };
}

const shortCount = (count: number) => (count > 99 ? '99+' : String(count));

function SideCount({ to }: { to: string }) {
  const { t } = useTranslation('notifications');
  const tab = useTabCount(to);
  if (!tab || tab.count <= 0) return null;
  return (
    <>
      <Badge size="sm" variant="filled" circle={tab.count < 10} aria-hidden>
        {shortCount(tab.count)}
      </Badge>
      <VisuallyHidden>{t(`badges.${tab.key}`, { count: tab.count })}</VisuallyHidden>
    </>
  );
}

/** The side navigation's count for a tab (nothing for other tabs or at 0). */
export function NavCount({ to }: { to: string }) {
  return (
    <Suspense fallback={null}>
      <SideCount to={to} />
    </Suspense>
  );
}

function BarIndicator({ to, children }: { to: string; children: ReactNode }) {
  const { t } = useTranslation('notifications');
  const tab = useTabCount(to);
  const count = tab?.count ?? 0;
  return (
    <Indicator
      disabled={count <= 0}
      label={<span aria-hidden>{shortCount(count)}</span>}
      size={18}
      offset={2}
      inline
      styles={{ indicator: { fontWeight: 700, fontSize: 11, padding: '0 4px' } }}
    >
      {children}
      {tab && count > 0 && <VisuallyHidden>{t(`badges.${tab.key}`, { count })}</VisuallyHidden>}
    </Indicator>
  );
}

/** The bottom bar's icon with its count on top (the icon alone until the texts load). */
export function NavIndicator({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <BarIndicator to={to}>{children}</BarIndicator>
    </Suspense>
  );
}
