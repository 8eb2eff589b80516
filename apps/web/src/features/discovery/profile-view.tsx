import { Button, Container, Flex, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Profile } from '@motema/shared/discovery';
import type { Image } from '@motema/shared/media';
import type { Me } from '@motema/shared/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginPath, registerPath } from '../../lib/safe-from.ts';
import { isolate } from '../../ui/member-text.tsx';
import type { ProfileTabsSlot } from '../../ui/profile-tabs-slot.ts';
import { VerifiedBadge } from '../../ui/verified-badge.tsx';
import { ProfileSafetyMenu } from '../safety/profile-safety-menu.tsx';
import { forgetBlockedMember } from './discovery.api.ts';
import { ActivityAndDistance, useDistanceLabel } from './member-facts.tsx';
import { ProfileAbout } from './profile-about.tsx';
import { ProfileActions } from './profile-actions.tsx';
import { ProfilePhotos, ProfilePhotoViewer } from './profile-photos.tsx';
import { MatchedNotice, ProfileRating } from './profile-rating.tsx';

type Props = {
  profile: Profile;
  me: Me | null;
  /** The member's posts and stories by kind, for members (the posts feature's, given by the route). */
  tabs?: ProfileTabsSlot;
};

/** The avatar first, then the member's other photos (a visitor gets the avatar only). */
function galleryOf(profile: Profile): Image[] {
  const others = (profile.photos ?? []).filter((photo) => photo._id !== profile.avatar?._id);
  return profile.avatar ? [profile.avatar, ...others] : others;
}

/** A loaded profile: photos, who they are, and what the viewer can do (rate, write, block, or join). */
export function ProfileView({ profile, me, tabs: ProfileTabs }: Props) {
  const { t } = useTranslation('discovery');
  const { pathname, key } = useLocation();
  const navigate = useNavigate();
  const distance = useDistanceLabel(profile.distance);
  const [viewing, setViewing] = useState<number | null>(null);
  const own = me?._id === profile._id;
  // The name as the texts below say it ("About {{name}}", the menus, the gallery): isolated member text.
  const firstName = isolate(profile.firstName ?? profile.name);
  const images = galleryOf(profile);

  // Back where the member came from; straight to the app (or the start page) when the link was opened directly.
  const goBack = () => void (key === 'default' ? navigate(me ? '/home' : '/') : navigate(-1));

  return (
    <Container size={960} px={{ base: 0, sm: 'lg' }} py={{ base: 0, sm: 'lg' }}>
      <Flex direction={{ base: 'column', sm: 'row' }} gap={{ base: 'md', sm: 'xl' }} align="flex-start">
        <ProfilePhotos
          profile={profile}
          images={images}
          name={firstName}
          onBack={goBack}
          onOpen={setViewing}
        />

        <Stack gap="md" px={{ base: 'md', sm: 0 }} pb="xl" w="100%" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {t('profile.nameAge', { name: isolate(profile.name), age: profile.age })}
                <VerifiedBadge verified={profile.verified} size={22} />
              </Title>
              <ActivityAndDistance activity={profile.activity} distance={distance} />
            </Stack>
            {me && !own && (
              <ProfileSafetyMenu
                userId={profile._id}
                name={firstName}
                sex={profile.sex}
                forgetBlocked={forgetBlockedMember}
              />
            )}
          </Group>

          {profile.rating?.matched && !own && <MatchedNotice name={firstName} />}

          <ProfileActions profile={profile} me={me} />

          {me && !own && profile.rating && (
            <ProfileRating userId={profile._id} name={firstName} rating={profile.rating} />
          )}

          <ProfileAbout profile={profile} name={firstName} />

          {me && ProfileTabs && <ProfileTabs userId={profile._id} own={own} name={firstName} />}

          {!me && <JoinInvitation name={firstName} from={pathname} />}
        </Stack>
      </Flex>

      <ProfilePhotoViewer
        images={images}
        name={firstName}
        viewing={viewing}
        onClose={() => setViewing(null)}
        reportTo={me && !own ? `/settings/report/profile/${encodeURIComponent(profile._id)}` : undefined}
      />
    </Container>
  );
}

/** For visitors: what joining gives, and the way in, coming back to this profile afterwards. */
function JoinInvitation({ name, from }: { name: string; from: string }) {
  const { t } = useTranslation('discovery');
  return (
    <Paper radius="lg" p="lg" bg="var(--mantine-color-ochre-light)">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('profile.join.title', { name })}
        </Title>
        <Text>{t('profile.join.text', { name })}</Text>
        <Flex wrap="wrap" gap="sm">
          <Button component={Link} to={registerPath(from)} style={{ flex: '1 1 10rem' }}>
            {t('common:actions.register')}
          </Button>
          <Button component={Link} to={loginPath(from)} variant="default" style={{ flex: '1 1 10rem' }}>
            {t('common:actions.login')}
          </Button>
        </Flex>
      </Stack>
    </Paper>
  );
}
