import { AppShell, Box, Group, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { Logo } from '../ui/logo.tsx';
import { useMeQuery } from '../features/users/users.api.ts';
import type { HomePart } from '../lib/feature-module.ts';
import { SocketProvider } from '../lib/socket.ts';
import { useMediaMatch } from '../lib/use-media-match.ts';
import { SAFE_BOTTOM, SAFE_TOP } from '../ui/safe-area.ts';
import { HOME_PARTS } from './home-parts.ts';

const NoBadge = ({ children }: { children?: ReactNode }) => children;

/**
 * The member's app: a bottom tab bar on phones, a side navigation on wide screens (members only),
 * around the screens, with every feature's hosts (dialogs, realtime listeners) and tabs (`parts`,
 * layouts/home-parts.ts, decision 0036).
 */
export function HomeLayout({ parts = HOME_PARTS }: { parts?: readonly HomePart[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const wide = useMediaMatch('(min-width: 48em)');
  const isActive = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  const me = useMeQuery().data;
  const tabs = parts.flatMap((part) => part.tabs ?? []);
  const HeaderAction = parts.find((part) => part.headerAction)?.headerAction ?? Fragment;
  const { Count = NoBadge, Indicator = NoBadge } = parts.find((part) => part.tabBadges)?.tabBadges ?? {};
  // A screen that takes the whole phone screen (a thread: its composer sits where the tab bar would be).
  const fullScreen = parts.some((part) => part.fullScreen?.some((prefix) => pathname.startsWith(prefix)));
  // The bell: in the side bar on wide screens; on phones, a header over the tabs' screens and those
  // the parts name only (the others have their own way back and title).
  const headed = [...tabs.map((tab) => tab.to), ...parts.flatMap((part) => part.headed ?? [])];
  const header = Boolean(me) && !wide && headed.includes(pathname);

  return (
    <AppShell
      // Visitors (on a shared profile or post) get no member navigation: every tab would send them away.
      // Under a phone's status bar (the mobile app, an installed iPhone web app: viewport-fit=cover), the
      // header grows by the screen's safe area, 0 elsewhere; Mantine's footer adds the bottom one itself.
      header={{ height: `calc(52px + ${SAFE_TOP})`, collapsed: !header }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: true, desktop: !me } }}
      footer={{ height: 64, collapsed: wide || !me || fullScreen }}
      padding={0}
    >
      {/* One main navigation at a time: the side bar on wide screens, the tab bar on phones. Mantine
          only slides the other out of view, where screen readers would still find a second one. */}
      {header && (
        // A named region, not a banner: a dialog's title bar is a <header> too (Mantine's Modal), and a
        // page may have one banner only (axe: landmark-no-duplicate-banner). The region is the bar's
        // content: a <header> may not be a region itself (axe: aria-allowed-role).
        <AppShell.Header px="md" role="presentation" style={{ paddingTop: SAFE_TOP }}>
          <Group h="100%" justify="space-between" wrap="nowrap" role="region" aria-label="Motema">
            <Logo size={24} />
            <HeaderAction />
          </Group>
        </AppShell.Header>
      )}
      {me && wide && (
        <AppShell.Navbar p="md" aria-label={t('nav.main')}>
          <Group mb="lg" justify="space-between" wrap="nowrap">
            <Logo />
            <HeaderAction />
          </Group>
          <Stack gap={4}>
            {tabs.map(({ to, key, Icon }) => (
              <NavLink
                key={to}
                component={Link}
                to={to}
                label={t(key)}
                leftSection={<Icon size={22} stroke={1.6} />}
                rightSection={<Count to={to} />}
                active={isActive(to)}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </Stack>
        </AppShell.Navbar>
      )}
      <AppShell.Main
        pb={wide || !me || fullScreen ? 0 : `calc(72px + ${SAFE_BOTTOM})`}
        // Without the header bar, the screen's own top keeps clear of the status bar.
        style={header ? undefined : { paddingTop: SAFE_TOP }}
      >
        {/* The member's one socket (closed when the session ends), with the features' hosts. */}
        <SocketProvider userId={me?._id ?? null}>
          <Outlet />
          {parts
            .flatMap((part) => part.hosts ?? [])
            .map((Host, index) => (
              <Host key={index} userId={me?._id ?? null} />
            ))}
        </SocketProvider>
      </AppShell.Main>
      {me && !wide && !fullScreen && (
        <AppShell.Footer component="nav" aria-label={t('nav.main')}>
          <Group grow gap={0} h="100%">
            {tabs.map(({ to, key, Icon }) => (
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
                {/* The tab shown is marked by its colour and a pill behind its icon, as Android's
                    navigation bar does; a bolder label would not fit: six tabs share 360 px (60 px
                    each), and bold "Messages" is 65 px wide, 58 px at this weight. One that would
                    not fit is cut rather than spilled into the next tab. */}
                <Box
                  px={12}
                  py={2}
                  style={{ borderRadius: 16, lineHeight: 0 }}
                  bg={isActive(to) ? 'var(--mantine-color-coral-light)' : undefined}
                >
                  <Indicator to={to}>
                    <Icon size={24} stroke={1.6} />
                  </Indicator>
                </Box>
                <Text fz={11} fw={500} maw="100%" px={2} truncate>
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
