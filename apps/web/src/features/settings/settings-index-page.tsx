import { Avatar, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  IconAt,
  IconBan,
  IconBell,
  IconCrown,
  IconDeviceMobileDown,
  IconEyeOff,
  IconFeather,
  IconFileText,
  IconGavel,
  IconHeartHandshake,
  IconHeartSearch,
  IconInfoCircle,
  IconLanguage,
  IconLock,
  IconLogout,
  IconPlayerPause,
  IconRosetteDiscountCheck,
  IconShieldCheck,
  IconTrash,
  IconUserEdit,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MemberText } from '../../ui/member-text.tsx';
import { useLogoutMutation } from '../auth/auth.api.ts';
import { useMeQuery } from '../users/users.api.ts';
import { SettingsLinkGroup, type SettingsLink } from './components/settings-link-group.tsx';

type Group = { key: string; links: (Omit<SettingsLink, 'label'> & { key: string })[] };

const GROUPS: Group[] = [
  {
    key: 'you',
    links: [
      { key: 'profile', to: '/settings/profile', Icon: IconUserEdit },
      { key: 'match', to: '/settings/match', Icon: IconHeartSearch },
      { key: 'verify', to: '/settings/verify', Icon: IconRosetteDiscountCheck },
      { key: 'language', to: '/settings/language', Icon: IconLanguage },
    ],
  },
  {
    key: 'security',
    links: [
      { key: 'password', to: '/settings/password', Icon: IconLock },
      { key: 'access', to: '/settings/access', Icon: IconAt },
      { key: 'blockList', to: '/settings/block-list', Icon: IconBan },
      { key: 'discreet', to: '/settings/privacy', Icon: IconEyeOff },
    ],
  },
  {
    key: 'app',
    links: [
      { key: 'dataSaver', to: '/settings/data-saver', Icon: IconFeather },
      { key: 'notifications', to: '/settings/notifications', Icon: IconBell },
      { key: 'install', to: '/settings/install', Icon: IconDeviceMobileDown },
    ],
  },
  {
    key: 'premium',
    links: [
      { key: 'premium', to: '/premium', Icon: IconCrown },
      { key: 'partnership', to: '/premium/partnership', Icon: IconHeartHandshake },
    ],
  },
  {
    key: 'about',
    links: [
      { key: 'about', to: '/about', Icon: IconInfoCircle },
      { key: 'privacy', to: '/privacy-policy', Icon: IconShieldCheck },
      { key: 'terms', to: '/terms-and-conditions', Icon: IconFileText },
    ],
  },
];

/** Pausing and deleting the account: in sight on the settings home, not under how one logs in. */
const LEAVE_LINKS = [
  { key: 'deactivate', to: '/settings/access/deactivate', Icon: IconPlayerPause, color: 'ochre' },
  { key: 'delete', to: '/settings/access/delete', Icon: IconTrash, color: 'red' },
] as const;

/** The staff's way to the moderation console (a member never sees it; the console answers them 404). */
const STAFF_LINKS = [{ key: 'moderation', to: '/moderation', Icon: IconGavel }] as const;

/** Settings home: who is connected, every settings screen by theme, leaving, and logging out. */
export function SettingsIndexPage() {
  const { t } = useTranslation('settings');
  const me = useMeQuery().data;
  const logout = useLogoutMutation();

  return (
    <Stack gap="lg">
      <VisuallyHidden component="h1">{t('index.title')}</VisuallyHidden>
      {me && (
        <Paper withBorder radius="md" p="md">
          <Group wrap="nowrap" gap="md">
            <Avatar name={me.name} color="initials" size={56} radius="xl" src={me.avatar?.thumbnail} alt="" />
            <div style={{ minWidth: 0 }}>
              <Text fw={700} size="lg" truncate>
                <MemberText>{me.name}</MemberText>
              </Text>
              <Text c="dimmed" truncate>
                <MemberText>{`@${me.username}`}</MemberText>
              </Text>
            </div>
          </Group>
        </Paper>
      )}
      {GROUPS.map((group) => (
        <SettingsLinkGroup
          key={group.key}
          title={t(`index.groups.${group.key}`)}
          links={group.links.map(({ key, ...link }) => ({ ...link, label: t(`index.links.${key}`) }))}
        />
      ))}
      {me && me.role !== 'member' && (
        <SettingsLinkGroup
          title={t('index.groups.staff')}
          links={STAFF_LINKS.map(({ key, ...link }) => ({ ...link, label: t(`index.links.${key}`) }))}
        />
      )}
      <SettingsLinkGroup
        title={t('access.leaveGroup')}
        links={LEAVE_LINKS.map(({ key, ...link }) => ({
          ...link,
          label: t(`access.${key}`),
          description: t(`access.${key}Hint`),
        }))}
      />
      <Button
        variant="light"
        color="red"
        size="md"
        leftSection={<IconLogout size={20} />}
        loading={logout.isPending}
        onClick={() => logout.mutate({})}
      >
        {t('index.logout')}
      </Button>
    </Stack>
  );
}
