import { ActionIcon, Box, Group, Menu, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconDotsVertical, IconMessages, IconStar, IconUserCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConversationMember } from '@motema/shared/chat';
import { MemberAvatar } from '../../../ui/member-avatar.tsx';
import { MemberText } from '../../../ui/member-text.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { usePresence } from './use-presence.ts';
import { mainLandmarkPortal } from '../../../ui/main-landmark-portal.ts';

/** Online now, or how recently active in the lists' words ("today", "this week"); nothing when longer ago. */
function PresenceLine({ member }: { member: ConversationMember }) {
  const { t } = useTranslation('thread');
  const activity = usePresence(member._id, member)?.activity;
  if (activity === 'online') {
    return (
      <Group gap={6} wrap="nowrap">
        <Box w={8} h={8} bg="teal.6" style={{ borderRadius: '50%', flex: 'none' }} aria-hidden />
        <Text size="sm" c="dimmed" lh={1.2}>
          {t('header.online')}
        </Text>
      </Group>
    );
  }
  if (activity !== 'today' && activity !== 'week') return null;
  // Two lines rather than an ellipsis: a long wording ("Activ săptămâna aceasta") is read whole at 360 px.
  return (
    <Text size="sm" c="dimmed" lh={1.2} lineClamp={2} data-presence="">
      {t(activity === 'today' ? 'header.activeToday' : 'header.activeWeek')}
    </Text>
  );
}

type Props = {
  member: ConversationMember | null;
  otherTyping: boolean;
  importantOnly: boolean;
  onToggleImportant: () => void;
  /** The menu's last items: block and report (thread-safety.tsx). */
  safetyItems?: ReactNode;
};

/** The thread's top bar: back, the other member (to their profile), presence or typing, the menu. */
export function ThreadHeader({ member, otherTyping, importantOnly, onToggleImportant, safetyItems }: Props) {
  const { t } = useTranslation('thread');
  const profile = member ? `/profile/${member._id}` : null;

  return (
    <Group
      component="header"
      gap="xs"
      wrap="nowrap"
      px="xs"
      h={60}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)', flex: 'none' }}
    >
      <ActionIcon
        component={Link}
        to="/conversations"
        variant="subtle"
        color="gray"
        size={44}
        aria-label={t('header.back')}
      >
        <IconArrowLeft size={24} aria-hidden />
      </ActionIcon>
      {member && profile ? (
        <UnstyledButton
          component={Link}
          to={profile}
          // Named by what it shows (the name, the activity: axe's label-content-name-mismatch), with
          // where it leads as its description.
          title={t('header.profileOf', { name: member.name })}
          style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0, flex: 1 }}
        >
          <MemberAvatar name={member.name} image={member.avatar} size={40} />
          <Box style={{ minWidth: 0 }}>
            <Text component="h1" fz="md" fw={700} lh={1.25} m={0} truncate>
              <MemberText>{member.name}</MemberText>
              <VerifiedBadge verified={member.verified} size={15} />
            </Text>
            {otherTyping ? (
              <Text size="sm" c="coral.7" lh={1.2} fs="italic" aria-live="polite">
                {t('header.typing')}
              </Text>
            ) : (
              <PresenceLine member={member} />
            )}
          </Box>
        </UnstyledButton>
      ) : (
        <Group gap={10} style={{ flex: 1 }} aria-hidden>
          <Skeleton circle height={40} />
          <Skeleton height={16} width={140} radius="sm" />
        </Group>
      )}
      {member && profile && (
        <Menu position="bottom-end" withinPortal portalProps={mainLandmarkPortal()}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size={44} aria-label={t('header.menu')}>
              <IconDotsVertical size={22} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={
                importantOnly ? <IconMessages size={18} aria-hidden /> : <IconStar size={18} aria-hidden />
              }
              onClick={onToggleImportant}
            >
              {importantOnly ? t('header.allMessages') : t('header.important')}
            </Menu.Item>
            <Menu.Item component={Link} to={profile} leftSection={<IconUserCircle size={18} aria-hidden />}>
              {t('header.viewProfile')}
            </Menu.Item>
            {safetyItems}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
