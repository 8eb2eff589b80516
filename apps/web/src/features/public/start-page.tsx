import {
  Box,
  Button,
  Container,
  Flex,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCameraHeart } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { loginPath, registerPath, safeFrom } from '../../lib/safe-from.ts';
import { StartBenefits } from './start-benefits.tsx';
import { StartIllustration } from './start-illustration.tsx';
import { useAfterTakeover } from '../../lib/navigation-state.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Only for visitors sent here from a members' page: its code (Mantine's Alert) stays off the start
// page's critical path (bar B5).
const StartFromNotice = lazy(() =>
  import('./start-from-notice.tsx').then((module) => ({ default: module.StartFromNotice })),
);

/**
 * The notice for a visitor sent here (by the server, or the guard), once the page is the app's: the
 * page painted from HTML has none, so the app takes it over as it is (no skeleton, no heading gone
 * meanwhile), and the notice then comes over the page's foot, moving nothing (start-from-notice.tsx).
 */
function FromNotice({ login, register }: { login: string; register: string }) {
  if (!useAfterTakeover()) return null;
  return (
    <Suspense fallback={null}>
      <StartFromNotice login={login} register={register} />
    </Suspense>
  );
}

/** Side by side when both fit (desktop), one per line on a phone. */
const BUTTON = { flex: '1 1 10rem' };

/** The start page `/`: what Motema is, in a few seconds, and the way in. */
export function StartPage() {
  return (
    <Suspense fallback={<StartSkeleton />}>
      <StartContent />
    </Suspense>
  );
}

function StartContent() {
  const { t } = useTranslation('public');
  const [search] = useSearchParams();
  const from = safeFrom(search.get('from'));
  const login = loginPath(from);
  // Signing up leads there too, once the account is ready (lib/page-after-onboarding.ts).
  const register = registerPath(from);
  useDocumentTitle(t('start.documentTitle'));

  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }}>
      {from && <FromNotice login={login} register={register} />}

      <Flex direction={{ base: 'column', sm: 'row-reverse' }} gap={{ base: 'md', sm: 'xl' }} align="center">
        <Box w="100%" style={{ flex: 1 }}>
          <StartIllustration />
        </Box>
        <Stack gap="md" ta={{ base: 'center', sm: 'left' }} style={{ flex: 1 }}>
          <Title order={1} fz={{ base: 30, sm: 44 }} lh={1.15}>
            {t('start.tagline')}
          </Title>
          <Text size="lg">{t('start.lead')}</Text>
          <Flex wrap="wrap" gap="sm">
            <Button component={Link} to={register} size="lg" style={BUTTON}>
              {t('common:actions.register')}
            </Button>
            <Button component={Link} to={login} size="lg" variant="default" style={BUTTON}>
              {t('common:actions.login')}
            </Button>
          </Flex>
          <Text size="sm">
            <Text span fw={700} c="var(--mantine-color-coral-text)" mr={6}>
              18+
            </Text>
            {t('start.adultsOnly')}
          </Text>
        </Stack>
      </Flex>

      <Paper withBorder radius="lg" p="md" mt="xl" bg="var(--mantine-color-ochre-light)">
        <Group wrap="nowrap" gap="md" align="center">
          <ThemeIcon size={48} radius="xl" color="ochre.7" aria-hidden>
            <IconCameraHeart size={28} />
          </ThemeIcon>
          <div>
            <Text fw={700}>{t('start.photo.title')}</Text>
            <Text>{t('start.photo.text')}</Text>
          </div>
        </Group>
      </Paper>

      <StartBenefits />

      <Stack align="center" gap="xs" ta="center" mt={48} mb="md">
        <Title order={2} size="h3">
          {t('start.cta.title')}
        </Title>
        <Text>{t('start.cta.text')}</Text>
        <Button component={Link} to={register} size="lg" mt="xs">
          {t('common:actions.register')}
        </Button>
      </Stack>
    </Container>
  );
}

/**
 * The start page's shape while its words load (rarely seen: router.tsx loads them with the page).
 * A screen tall, as the content is on a phone, so the footer does not show and then move away.
 */
function StartSkeleton() {
  return (
    <Container size="lg" py="lg" mih="100dvh" aria-busy="true">
      <Stack gap="md" align="center">
        <Skeleton height={176} maw={400} radius="xl" />
        <Skeleton height={36} width="80%" radius="sm" />
        <Skeleton height={18} width="90%" radius="sm" />
        <Skeleton height={50} radius="md" />
        <Skeleton height={50} radius="md" />
      </Stack>
    </Container>
  );
}
