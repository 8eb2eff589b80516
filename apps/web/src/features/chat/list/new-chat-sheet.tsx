import { Button, Drawer, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { UserCard } from '@motema/shared/discovery';
import { IconCards, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberAvatar } from '../../../ui/member-avatar.tsx';
import { MemberText } from '../../../ui/member-text.tsx';
import { useUserListQuery } from '../../discovery/discovery.api.ts';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The member picked: the caller finds or starts the conversation. */
  onPick: (user: UserCard) => void;
  /** The member whose conversation is being opened, if any. */
  starting: string | null;
};

function PersonRow({ user, onPick, busy }: { user: UserCard; onPick: () => void; busy: boolean }) {
  const { t } = useTranslation('chat');
  const name = user.firstName ?? user.name;
  return (
    <UnstyledButton
      onClick={onPick}
      disabled={busy}
      aria-label={t('pick.write', { name })}
      aria-busy={busy || undefined}
      px="xs"
      py={8}
      style={{ borderRadius: 'var(--mantine-radius-md)', opacity: busy ? 0.6 : 1 }}
    >
      <Group gap="sm" wrap="nowrap">
        <MemberAvatar name={user.name} image={user.avatar} size={44} radius={44} />
        <Text fw={600} truncate="end" style={{ flex: 1, minWidth: 0 }}>
          <MemberText>{user.name}</MemberText>, {user.age}
        </Text>
        <IconChevronRight size={20} stroke={1.6} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

function Section({
  title,
  users,
  ...row
}: { title: string; users: UserCard[] } & Pick<Props, 'onPick' | 'starting'>) {
  if (users.length === 0) return null;
  return (
    <Stack gap={2} component="section">
      <Title order={3} size="h6" c="dimmed" px="xs" tt="uppercase">
        {title}
      </Title>
      {users.map((user) => (
        <PersonRow
          key={user._id}
          user={user}
          onPick={() => row.onPick(user)}
          busy={row.starting === user._id}
        />
      ))}
    </Stack>
  );
}

/**
 * "New chat": a bottom sheet with the member's matches, then the members who liked them; picking
 * one opens (or starts) the conversation. With nobody to write to yet, the way to Swap.
 */
export function NewChatSheet({ opened, onClose, onPick, starting }: Props) {
  const { t } = useTranslation('chat');
  const matches = useUserListQuery('rated-each', {}, { enabled: opened });
  const likes = useUserListQuery('rated-me', {}, { enabled: opened });
  const matched = matches.data?.users ?? [];
  const seen = new Set(matched.map((user) => user._id));
  const liked = (likes.data?.users ?? []).filter((user) => !seen.has(user._id));
  const loading = matches.isPending && likes.isPending;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="auto"
      title={t('pick.title')}
      radius="lg"
      styles={{
        content: { height: 'auto', maxHeight: '85dvh', flex: 'none', width: '100%' },
        title: { fontWeight: 700, fontSize: 'var(--mantine-h4-font-size)' },
      }}
    >
      {loading ? (
        <Stack gap="sm" aria-busy="true">
          {[0, 1, 2].map((index) => (
            <Group key={index} gap="sm" wrap="nowrap">
              <Skeleton circle height={44} />
              <Skeleton height={14} width="50%" radius="sm" />
            </Group>
          ))}
        </Stack>
      ) : matched.length + liked.length === 0 ? (
        <Stack align="center" gap="sm" py="md" ta="center">
          <Text>{t('pick.empty')}</Text>
          <Button component={Link} to="/swap" leftSection={<IconCards size={20} aria-hidden />}>
            {t('pick.swap')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md" pb="md">
          <Section title={t('pick.matches')} users={matched} onPick={onPick} starting={starting} />
          <Section title={t('pick.likes')} users={liked} onPick={onPick} starting={starting} />
        </Stack>
      )}
    </Drawer>
  );
}
