import { ActionIcon, Group, Menu, Stack, Text } from '@mantine/core';
import type { PostMember } from '@motema/shared/posts';
import { IconDots, IconFlag, IconTrash, IconVolume, IconVolumeOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberAvatar } from '../../../ui/member-avatar.tsx';
import { MemberText } from '../../../ui/member-text.tsx';
import { reportPath } from '../post-paths.ts';

type Props = {
  member: PostMember;
  /** The story shown: another member's is reported by its id (the report form names it). */
  story: string;
  own: boolean;
  /** "3 h ago", and whether the member holds the story still. */
  age: string;
  held: boolean;
  /** Null for a photo: no sound to turn on. */
  muted: boolean | null;
  onMute: () => void;
  onMenu: (opened: boolean) => void;
  onDelete: () => void;
  deleting: boolean;
  onClose: () => void;
};

/**
 * The viewer's top line: who and when, the sound of a video, the menu (the author deletes the story,
 * another member reports it), and close.
 */
export function StoryViewerHeader({
  member,
  story,
  own,
  age,
  held,
  muted,
  onMute,
  onMenu,
  onDelete,
  deleting,
  onClose,
}: Props) {
  const { t } = useTranslation('stories');
  return (
    <Group gap="xs" mt={10} wrap="nowrap">
      <MemberAvatar name={member.name} image={member.avatar} size={36} radius={36} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={700} size="sm" truncate c="white">
          {own ? t('viewer.you') : <MemberText>{member.firstName ?? member.name}</MemberText>}
        </Text>
        <Text size="xs" c="rgba(255,255,255,0.85)">
          {age}
          {held ? ` · ${t('viewer.paused')}` : ''}
        </Text>
      </Stack>
      {muted !== null && (
        <ActionIcon
          variant="subtle"
          color="white"
          size="lg"
          aria-label={t(muted ? 'viewer.soundOn' : 'viewer.soundOff')}
          onClick={onMute}
        >
          {muted ? <IconVolumeOff size={22} aria-hidden /> : <IconVolume size={22} aria-hidden />}
        </ActionIcon>
      )}
      <Menu
        position="bottom-end"
        withinPortal={false}
        onOpen={() => onMenu(true)}
        onClose={() => onMenu(false)}
      >
        <Menu.Target>
          <ActionIcon variant="subtle" color="white" size="lg" aria-label={t('viewer.more')}>
            <IconDots size={22} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {own ? (
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={onDelete}
              disabled={deleting}
            >
              {t('viewer.delete')}
            </Menu.Item>
          ) : (
            <Menu.Item
              component={Link}
              to={reportPath(member._id)}
              state={{ name: member.firstName ?? member.name, story }}
              leftSection={<IconFlag size={16} aria-hidden />}
            >
              {t('viewer.report')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ActionIcon variant="subtle" color="white" size="lg" aria-label={t('viewer.close')} onClick={onClose}>
        <IconX size={24} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
