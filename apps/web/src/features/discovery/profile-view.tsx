import {
  ActionIcon,
  Box,
  Button,
  Container,
  Flex,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Profile } from '@motema/shared/discovery';
import type { Image } from '@motema/shared/media';
import {
  ORIENTATIONS_WITHOUT_VARIANTS,
  RELATIONSHIPS_WITHOUT_VARIANTS,
  variantKey,
  type Me,
} from '@motema/shared/users';
import { IconArrowLeft, IconMessageCircle, IconUserEdit } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginPath } from '../../lib/safe-from.ts';
import { MemberAvatar } from '../../ui/member-avatar.tsx';
import { isolate, MemberText } from '../../ui/member-text.tsx';
import { ProfileSafetyMenu } from '../safety/profile-safety-menu.tsx';
import { ActivityLabel, useDistanceLabel } from './member-facts.tsx';
import { ProfileGallery } from './profile-gallery.tsx';
import { MatchedNotice, ProfileRating } from './profile-rating.tsx';

// Only a member looking at their own profile without a photo needs the avatar flow: loaded then.
const AvatarPrompt = lazy(() =>
  import('../media/avatar-prompt.tsx').then((module) => ({ default: module.AvatarPrompt })),
);

/** The photo column's width on wide screens (from the `sm` breakpoint, 48em); the full width on phones. */
export const PROFILE_GALLERY_WIDTH = 400;
const GALLERY_SIZES = `(min-width: 48em) ${PROFILE_GALLERY_WIDTH}px, 100vw`;

type Props = { profile: Profile; me: Me | null };

/** The avatar first, then the member's other photos (a visitor gets the avatar only). */
function galleryOf(profile: Profile): Image[] {
  const others = (profile.photos ?? []).filter((photo) => photo._id !== profile.avatar?._id);
  return profile.avatar ? [profile.avatar, ...others] : others;
}

/** A loaded profile: photos, who they are, and what the viewer can do (rate, write, block, or join). */
export function ProfileView({ profile, me }: Props) {
  const { t } = useTranslation(['discovery', 'settings']);
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
  const details = [
    profile.relationship && {
      label: t('settings:profile.relationship'),
      value: t(
        `settings:relationship.${variantKey(profile.relationship, profile.sex, RELATIONSHIPS_WITHOUT_VARIANTS)}`,
      ),
    },
    profile.orientation && {
      label: t('settings:profile.orientation'),
      value: t(
        `settings:orientation.${variantKey(profile.orientation, profile.sex, ORIENTATIONS_WITHOUT_VARIANTS)}`,
      ),
    },
  ].filter((detail) => !!detail);

  return (
    <Container size={960} px={{ base: 0, sm: 'lg' }} py={{ base: 0, sm: 'lg' }}>
      <Flex direction={{ base: 'column', sm: 'row' }} gap={{ base: 'md', sm: 'xl' }} align="flex-start">
        <Box
          pos="relative"
          w={{ base: '100%', sm: PROFILE_GALLERY_WIDTH }}
          bdrs={{ base: 0, sm: 'lg' }}
          style={{ flex: 'none', overflow: 'hidden' }}
        >
          {images.length > 0 ? (
            <ProfileGallery
              images={images}
              name={firstName}
              sizes={GALLERY_SIZES}
              fit="cover"
              onOpen={setViewing}
            />
          ) : (
            <MemberAvatar
              name={profile.name}
              image={null}
              radius={0}
              style={{ width: '100%', height: 'auto', aspectRatio: '1' }}
              styles={{ placeholder: { fontSize: 96 } }}
            />
          )}
          <ActionIcon
            variant="white"
            color="dark"
            radius="xl"
            size="lg"
            pos="absolute"
            top={12}
            left={12}
            aria-label={t('common:actions.back')}
            onClick={goBack}
            style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
          >
            <IconArrowLeft size={20} aria-hidden />
          </ActionIcon>
        </Box>

        <Stack gap="md" px={{ base: 'md', sm: 0 }} pb="xl" w="100%" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {t('profile.nameAge', { name: isolate(profile.name), age: profile.age })}
              </Title>
              {(profile.activity || distance) && (
                <Group gap={6} wrap="wrap">
                  {profile.activity && <ActivityLabel activity={profile.activity} size="sm" />}
                  {profile.activity && distance && (
                    <Text size="sm" c="dimmed" aria-hidden>
                      ·
                    </Text>
                  )}
                  {distance && (
                    <Text size="sm" c="dimmed">
                      {distance}
                    </Text>
                  )}
                </Group>
              )}
            </Stack>
            {me && !own && <ProfileSafetyMenu userId={profile._id} name={firstName} />}
          </Group>

          {profile.rating?.matched && !own && <MatchedNotice name={firstName} />}

          {own ? (
            <Stack gap="xs">
              {!me?.avatar && (
                <Suspense fallback={null}>
                  <AvatarPrompt />
                </Suspense>
              )}
              <Text size="sm" c="dimmed">
                {t('profile.own.note')}
              </Text>
              <Button
                component={Link}
                to="/settings/profile"
                leftSection={<IconUserEdit size={20} aria-hidden />}
                variant="light"
              >
                {t('profile.own.edit')}
              </Button>
            </Stack>
          ) : me ? (
            <Button
              component={Link}
              to={`/conversations?user=${encodeURIComponent(profile._id)}`}
              leftSection={<IconMessageCircle size={20} aria-hidden />}
            >
              {t('profile.sendMessage')}
            </Button>
          ) : null}

          {me && !own && profile.rating && (
            <ProfileRating userId={profile._id} name={firstName} rating={profile.rating} />
          )}

          <Stack gap={6} component="section" aria-labelledby="profile-about">
            <Title order={2} size="h4" id="profile-about">
              {t('profile.about', { name: firstName })}
            </Title>
            {profile.about ? (
              <Text component="div" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                <MemberText block>{profile.about}</MemberText>
              </Text>
            ) : (
              <Text c="dimmed">{t('profile.noAbout', { name: firstName })}</Text>
            )}
          </Stack>

          {details.length > 0 && (
            <Box component="dl" m={0}>
              {details.map((detail) => (
                <Group key={detail.label} gap="xs" py={6} wrap="nowrap" align="baseline">
                  <Text component="dt" size="sm" c="dimmed" w={140} style={{ flex: 'none' }}>
                    {detail.label}
                  </Text>
                  <Text component="dd" m={0}>
                    {detail.value}
                  </Text>
                </Group>
              ))}
            </Box>
          )}

          {!me && <JoinInvitation name={firstName} from={pathname} />}
        </Stack>
      </Flex>

      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        fullScreen
        title={t('profile.gallery.label', { name: firstName })}
        closeButtonProps={{ 'aria-label': t('profile.gallery.close'), c: 'white', size: 'lg' }}
        styles={{
          content: { background: 'black', color: 'white' },
          header: { background: 'black', color: 'white' },
          body: { padding: 0 },
        }}
      >
        {viewing !== null && (
          <ProfileGallery
            images={images}
            name={firstName}
            sizes="100vw"
            fit="contain"
            start={viewing}
            height="calc(100dvh - 60px)"
          />
        )}
      </Modal>
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
          <Button
            component={Link}
            to={`/register?from=${encodeURIComponent(from)}`}
            style={{ flex: '1 1 10rem' }}
          >
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
