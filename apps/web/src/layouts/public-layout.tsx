import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Link, Outlet, useSearchParams } from 'react-router';
import { Logo } from '../ui/logo.tsx';
import { useMeQuery } from '../features/users/users.api.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { whenIdle } from '../lib/when-idle.ts';
import { SAFE_TOP } from '../ui/safe-area.ts';
import { loginPath, safeFrom } from '../lib/safe-from.ts';

const FOOTER_LINKS = [
  ['/about', 'footer.about'],
  ['/terms-and-conditions', 'footer.terms'],
  ['/privacy-policy', 'footer.privacy'],
  ['/cookie-policy', 'footer.cookies'],
  ['/safety-standards', 'footer.safety'],
] as const;

/** Start, sign-in and legal pages: a light header with the language switch, links in the footer. */
export function PublicLayout() {
  const { t } = useTranslation();
  const me = useMeQuery().data;
  // The page the guard sent the visitor from (`/?from=`): the header's log-in comes back to it too.
  const [search] = useSearchParams();
  const login = loginPath(safeFrom(search.get('from')));
  // A visitor's visit, once a day per device (features/devices/visitors.api.ts): once the profile
  // said nobody is connected, out of the page's way, its code outside the start page's files.
  useEffect(() => {
    if (me !== null) return;
    return whenIdle(
      () =>
        void import('../features/devices/visitors.api.ts')
          .then((visits) => visits.recordVisitOncePerDay())
          .catch(() => undefined),
    );
  }, [me]);
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        pb="sm"
        style={{
          paddingTop: `calc(var(--mantine-spacing-sm) + ${SAFE_TOP})`,
          borderBottom: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <Container size="lg" px="sm">
          {/* Narrow gaps: at 360 px the logo, the language and "Autentificare" (ro) or "Se connecter" (fr)
              use all of the row. */}
          <Group justify="space-between" wrap="nowrap" gap={4}>
            <Anchor component={Link} to="/" underline="never" aria-label={t('nav.start')}>
              <Logo size={24} />
            </Anchor>
            <Group gap={4} wrap="nowrap">
              <LanguageSwitch />
              {me ? (
                <Button component={Link} to="/home" size="compact-md">
                  {t('nav.home')}
                </Button>
              ) : (
                <Button component={Link} to={login} variant="light" size="compact-md">
                  {t('actions.login')}
                </Button>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Box component="footer" py="lg" bg="var(--mantine-color-default-hover)">
        <Container size="lg">
          <Group gap="md" justify="center">
            {FOOTER_LINKS.map(([to, key]) => (
              <Anchor key={to} component={Link} to={to} size="sm" c="dimmed">
                {t(key)}
              </Anchor>
            ))}
          </Group>
          <Text size="xs" c="dimmed" ta="center" mt="sm">
            {t('footer.adultsOnly')}
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
