import { Box, Button, Container, Flex, Skeleton, Stack, Title } from '@mantine/core';
import { IconMoodSearch, IconUserOff } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { isolate } from '../../ui/member-text.tsx';
import type { ProfileTabsSlot } from '../../ui/profile-tabs-slot.ts';
import { useMeQuery } from '../users/users.api.ts';
import { useProfileQuery } from './discovery.api.ts';
import { PROFILE_GALLERY_WIDTH } from './profile-photos.tsx';
import { ProfileView } from './profile-view.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { Unavailable } from '../../ui/unavailable.tsx';

/**
 * `/profile/{id}`: a member's page, for members and (with less) for visitors. The shape of the
 * page shows while it loads; a member who is gone, blocked or never existed gets a kind screen.
 * `tabs`: the member's posts and stories (the posts feature's, given by the route).
 */
export function ProfilePage({ tabs }: { tabs?: ProfileTabsSlot }) {
  return (
    <Suspense fallback={<ProfileSkeleton />}>
      <ProfileContent tabs={tabs} />
    </Suspense>
  );
}

function ProfileContent({ tabs }: { tabs?: ProfileTabsSlot }) {
  const { t } = useTranslation(['discovery', 'settings']);
  const { id = '' } = useParams();
  const me = useMeQuery().data ?? null;
  const profile = useProfileQuery(id, me?._id ?? null);
  // An id that never was (400) or a member who is gone or blocked (404): the same kind screen.
  const unavailable =
    isApiError(profile.error) && (profile.error.status === 404 || profile.error.status === 400);

  useDocumentTitle(
    profile.data
      ? t('profile.documentTitle', { name: isolate(profile.data.name) })
      : unavailable
        ? t('profile.unavailable.documentTitle')
        : t('common:screens.profile'),
  );

  if (profile.data) return <ProfileView profile={profile.data} me={me} tabs={tabs} />;
  if (profile.isPending) return <ProfileSkeleton />;
  if (unavailable) return <ProfileUnavailable member={me !== null} />;
  return <ProfileLoadError onRetry={() => void profile.refetch()} retrying={profile.isFetching} />;
}

function ProfileUnavailable({ member }: { member: boolean }) {
  const { t } = useTranslation('discovery');
  return (
    <Container size="sm">
      <Unavailable
        icon={IconUserOff}
        title={t('profile.unavailable.title')}
        text={t('profile.unavailable.text')}
      >
        <Button
          component={Link}
          to={member ? '/home' : '/'}
          mt="sm"
          leftSection={<IconMoodSearch size={20} aria-hidden />}
        >
          {t(member ? 'profile.unavailable.home' : 'profile.unavailable.start')}
        </Button>
      </Unavailable>
    </Container>
  );
}

function ProfileLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('discovery');
  return (
    <Container size="sm" py={48}>
      <Title order={1} size="h2" ta="center">
        {t('profile.error.title')}
      </Title>
      <LoadFailed message={t('profile.error.text')} onRetry={onRetry} retrying={retrying} />
    </Container>
  );
}

/** The page's own shape while it loads: photo, name, facts, the message button, the stars, the text. */
export function ProfileSkeleton() {
  return (
    <Container size={960} px={{ base: 0, sm: 'lg' }} py={{ base: 0, sm: 'lg' }} aria-busy="true">
      <Flex direction={{ base: 'column', sm: 'row' }} gap={{ base: 'md', sm: 'xl' }}>
        <Box w={{ base: '100%', sm: PROFILE_GALLERY_WIDTH }} style={{ flex: 'none' }}>
          <Skeleton radius={0} style={{ aspectRatio: '1' }} />
        </Box>
        <Stack gap="md" px={{ base: 'md', sm: 0 }} style={{ flex: 1 }}>
          <Skeleton height={30} width="60%" radius="sm" />
          <Skeleton height={14} width="45%" radius="sm" />
          <Skeleton height={42} radius="md" />
          <Skeleton height={110} radius="lg" />
          <Skeleton height={14} radius="sm" />
          <Skeleton height={14} width="85%" radius="sm" />
        </Stack>
      </Flex>
    </Container>
  );
}
