import { AppShell, Group, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCards,
  IconHome,
  IconMessageCircle,
  IconNews,
  IconUserCircle,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { Logo } from '../ui/logo.tsx';
import { BillingRealtime } from '../features/billing/billing-realtime.tsx';
import { PaymentRequiredHost } from '../features/billing/payment-required-host.tsx';
import { ChatSync } from '../features/chat/sync/chat-sync.tsx';
import { MessageToasts } from '../features/chat/sync/message-toasts.tsx';
import { MatchModal } from '../features/discovery/match-modal.tsx';
import { PostsRealtime } from '../features/posts/posts-realtime.tsx';
import { storiesKeptQueries } from '../features/posts/stories/stories-kept.ts';
import { NavCount, NavIndicator } from '../features/notifications/counter-badges.tsx';
import { NotificationBell } from '../features/notifications/notification-bell.tsx';
import { CountersSync } from '../features/notifications/counters-sync.tsx';
import { PushPromptHost } from '../features/notifications/push/push-prompt-host.tsx';
import { AppUpdates } from '../features/devices/updates/app-updates.tsx';
import { InstallOffer } from '../features/devices/install/install-offer.tsx';
import { useMeQuery } from '../features/users/users.api.ts';
import { SocketProvider } from '../lib/socket.ts';
import { keepOnDevice } from '../lib/persisted-queries.ts';

// Home's story tray is kept on the device from the first screen of a visit, whichever it is
// (features/posts/stories/stories-kept.ts).
keepOnDevice(storiesKeptQueries);

const TABS = [
  { to: '/home', key: 'nav.home', Icon: IconHome },
  { to: '/swap', key: 'nav.swap', Icon: IconCards },
  { to: '/conversations', key: 'nav.conversations', Icon: IconMessageCircle },
  { to: '/posts', key: 'nav.posts', Icon: IconNews },
  { to: '/zones', key: 'nav.zones', Icon: IconUsersGroup },
  { to: '/account', key: 'nav.account', Icon: IconUserCircle },
] as const;

/** Phone screens with a header (the mark and the bell): the tabs' own and the notifications'. */
const HEADED = new Set<string>([...TABS.map((tab) => tab.to), '/notifications']);

/** The member's app: a bottom tab bar on phones, a side navigation on wide screens (members only). */
export function HomeLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });
  const isActive = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  const me = useMeQuery().data;
  // A thread takes the whole phone screen: its composer sits where the tab bar would be.
  const inThread = pathname.startsWith('/messages/');
  // The bell: in the side bar on wide screens; on phones, a header over the tabs' screens only (the
  // others have their own way back and title).
  const header = Boolean(me) && !wide && HEADED.has(pathname);

  return (
    <AppShell
      // Visitors (on a shared profile or post) get no member navigation: every tab would send them away.
      header={{ height: 52, collapsed: !header }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: true, desktop: !me } }}
      footer={{ height: 64, collapsed: wide || !me || inThread }}
      padding={0}
    >
      {/* One main navigation at a time: the side bar on wide screens, the tab bar on phones. Mantine
          only slides the other out of view, where screen readers would still find a second one. */}
      {header && (
        // A named region, not a banner: a dialog's title bar is a <header> too (Mantine's Modal), and a
        // page may have one banner only (axe: landmark-no-duplicate-banner).
        <AppShell.Header px="md" role="region" aria-label="Motema">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Logo size={24} />
            <NotificationBell />
          </Group>
        </AppShell.Header>
      )}
      {me && wide && (
        <AppShell.Navbar p="md" aria-label={t('nav.main')}>
          <Group mb="lg" justify="space-between" wrap="nowrap">
            <Logo />
            <NotificationBell />
          </Group>
          <Stack gap={4}>
            {TABS.map(({ to, key, Icon }) => (
              <NavLink
                key={to}
                component={Link}
                to={to}
                label={t(key)}
                leftSection={<Icon size={22} stroke={1.6} />}
                rightSection={<NavCount to={to} />}
                active={isActive(to)}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </Stack>
        </AppShell.Navbar>
      )}
      <AppShell.Main pb={wide || !me || inThread ? 0 : 72}>
        {/* The member's one socket (closed when the session ends) and the match screen it opens. */}
        <SocketProvider userId={me?._id ?? null}>
          <Outlet />
          <MatchModal />
          {/* The chat's data layer (outbox, catch-up, receipts) and its toasts; the badges and tab title. */}
          <ChatSync />
          <CountersSync />
          <Suspense fallback={null}>
            <MessageToasts />
          </Suspense>
          {/* A send refused behind the paywall (socket app:error, HTTP 402) opens the payment-required dialog. */}
          <PaymentRequiredHost />
          <BillingRealtime />
          {/* Posts' events (requests, access, comments, a video ready) keep the posts' caches current. */}
          <PostsRealtime />
          {/* Web push: the prompt after a match or a message, and taps on notifications while open. */}
          <PushPromptHost />
          {/* A newer build (device:{id}): the blocking "update now" screen, or a quiet notice. */}
          <AppUpdates />
          {/* Installing the app offered after engagement, never on a first visit (install-engagement.ts). */}
          <InstallOffer userId={me?._id ?? null} />
        </SocketProvider>
      </AppShell.Main>
      {me && !wide && !inThread && (
        <AppShell.Footer component="nav" aria-label={t('nav.main')}>
          <Group grow gap={0} h="100%">
            {TABS.map(({ to, key, Icon }) => (
              <UnstyledButton
                key={to}
                component={Link}
                to={to}
                aria-current={isActive(to) ? 'page' : undefined}
                style={{
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'center',
                  height: '100%',
                }}
                c={isActive(to) ? 'coral.6' : 'dimmed'}
              >
                <NavIndicator to={to}>
                  <Icon size={24} stroke={1.6} />
                </NavIndicator>
                {/* Six tabs share 360 px (60 px each): 11 px labels fit whole ("Messages", bold "Swiper"),
                    and one that would not is cut rather than spilled into the next tab. */}
                <Text fz={11} fw={isActive(to) ? 700 : 500} maw="100%" px={2} truncate>
                  {t(key)}
                </Text>
              </UnstyledButton>
            ))}
          </Group>
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
