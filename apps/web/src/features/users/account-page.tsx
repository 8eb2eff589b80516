import { Button, Container, EmptyState, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconCamera,
  IconCircleDashed,
  IconCrown,
  IconMicrophone,
  IconPhoto,
  IconSettings,
  IconUserEdit,
  IconVideo,
  type TablerIcon,
} from '@tabler/icons-react';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberAvatar } from '../../ui/member-avatar.tsx';
import { isolate, MemberText } from '../../ui/member-text.tsx';
import { AvatarPrompt } from '../media/avatar-prompt.tsx';
import { AvatarSheet } from '../media/avatar-sheet.tsx';
import { PhotoGallery } from '../media/photo-gallery.tsx';
import { useMeQuery } from './users.api.ts';

const TABS: { value: string; Icon: TablerIcon }[] = [
  { value: 'pictures', Icon: IconPhoto },
  { value: 'videos', Icon: IconVideo },
  { value: 'podcasts', Icon: IconMicrophone },
  { value: 'stories', Icon: IconCircleDashed },
];

const SHORTCUTS = [
  { to: '/settings/profile', key: 'account.editProfile', Icon: IconUserEdit, color: undefined },
  { to: '/settings', key: 'account.settings', Icon: IconSettings, color: 'gray' },
  { to: '/premium', key: 'account.premium', Icon: IconCrown, color: 'ochre' },
] as const;

/** The member's own space: who they are and their avatar, a nudge to add a photo, shortcuts, their photos and posts by kind. */
export function AccountPage() {
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

        <Tabs defaultValue="pictures" keepMounted={false}>
          <Tabs.List grow style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
            {TABS.map(({ value }) => (
              <Tabs.Tab key={value} value={value} px={6} fz="sm">
                {t(`account.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="pictures" pt="md">
            <PhotoGallery member={me} />
          </Tabs.Panel>
          {TABS.filter(({ value }) => value !== 'pictures').map(({ value, Icon }) => (
            <Tabs.Panel key={value} value={value} pt="xl">
              <EmptyState
                icon={<Icon size={28} />}
                withIndicatorBackground
                title={t(`account.empty.${value}.title`)}
                description={t(`account.empty.${value}.text`)}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
      <AvatarSheet member={me} opened={avatarOpened} onClose={closeAvatar} />
    </Container>
  );
}
