import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCamera, IconCrown, IconSettings, IconUserEdit } from '@tabler/icons-react';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberAvatar } from '../../ui/member-avatar.tsx';
import { isolate, MemberText } from '../../ui/member-text.tsx';
import type { ProfileTabsSlot } from '../../ui/profile-tabs-slot.ts';
import { AvatarPrompt } from '../media/avatar-prompt.tsx';
import { AvatarSheet } from '../media/avatar-sheet.tsx';
import { PhotoGallery } from '../media/photo-gallery.tsx';
import { useMeQuery } from './users.api.ts';

const SHORTCUTS = [
  { to: '/settings/profile', key: 'account.editProfile', Icon: IconUserEdit, color: undefined },
  { to: '/settings', key: 'account.settings', Icon: IconSettings, color: 'gray' },
  { to: '/premium', key: 'account.premium', Icon: IconCrown, color: 'ochre' },
] as const;

/**
 * The member's own space: who they are and their avatar, a nudge to add a photo, shortcuts, then
 * their profile's tabs (`tabs`: the posts feature's, given by the route), the pictures tab opening
 * on their profile photos.
 */
export function AccountPage({ tabs: ProfileTabs }: { tabs?: ProfileTabsSlot }) {
  const { t } = useTranslation('home');
  const { t: tMedia } = useTranslation('media');
  const me = useMeQuery().data;
  const [avatarOpened, { open: openAvatar, close: closeAvatar }] = useDisclosure(false);
  if (!me) return null;

  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Group wrap="nowrap" gap="md" align="center">
          <MemberAvatar name={me.name} image={me.avatar} size={88} radius={88} />
          <Stack gap={6} align="flex-start" style={{ minWidth: 0 }}>
            <div style={{ maxWidth: '100%' }}>
              <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {t('account.nameAge', { name: isolate(me.name), age: me.age })}
              </Title>
              <Text c="dimmed" truncate>
                <MemberText>{`@${me.username}`}</MemberText>
              </Text>
            </div>
            {me.avatar && (
              <Button
                variant="light"
                size="compact-sm"
                maw="100%"
                leftSection={<IconCamera size={16} aria-hidden />}
                onClick={openAvatar}
                styles={{ label: { whiteSpace: 'normal' } }}
              >
                {tMedia('avatar.change')}
              </Button>
            )}
          </Stack>
        </Group>

        <AvatarPrompt member={me} />

        <SimpleGrid cols={3} spacing="xs">
          {SHORTCUTS.map(({ to, key, Icon, color }) => (
            <Button
              key={to}
              component={Link}
              to={to}
              variant="light"
              color={color}
              h="auto"
              py="sm"
              px={4}
              styles={{
                label: { flexDirection: 'column', gap: 4, whiteSpace: 'normal', textAlign: 'center' },
              }}
            >
              <Icon size={22} stroke={1.7} aria-hidden />
              <Text fz="sm" fw={600} lh={1.25}>
                {t(key)}
              </Text>
            </Button>
          ))}
        </SimpleGrid>

        {ProfileTabs ? (
          <ProfileTabs
            userId={me._id}
            own
            name={isolate(me.firstName ?? me.name)}
            pictures={<PhotoGallery member={me} />}
          />
        ) : (
          <PhotoGallery member={me} />
        )}
      </Stack>
      <AvatarSheet member={me} opened={avatarOpened} onClose={closeAvatar} />
    </Container>
  );
}
