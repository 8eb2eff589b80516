import {
  ActionIcon,
  Button,
  Container,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { CLOCK_REFRESH_MS } from '@motema/shared/limits';
import { TYPING_TIMEOUT_MS } from '@motema/shared/chat';
import type { UserCard } from '@motema/shared/discovery';
import { IconMessageCirclePlus, IconMessages } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSocketEvent } from '../../../lib/socket.ts';
import { useClock } from '../../../lib/use-clock.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMeQuery } from '../../users/users.api.ts';
import { useConversationsQuery, useStartConversationMutation } from '../chat.api.ts';
import { ConversationFolders, useConversationFolders } from './conversation-folders.tsx';
import { ConversationRow } from './conversation-row.tsx';
import { byNewestActivity, useWaitingMessages } from './use-waiting-messages.ts';
import { NewChatSheet } from './new-chat-sheet.tsx';
import { LoadFailed } from '../../../ui/load-failed.tsx';

/** Conversations whose other member is typing now (a `true` lapses after TYPING_TIMEOUT_MS). */
function useTypingConversations(): Set<string> {
  const [typing, setTyping] = useState<Set<string>>(() => new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const set = (conversationId: string, on: boolean) => {
    clearTimeout(timers.current.get(conversationId));
    if (on)
      timers.current.set(
        conversationId,
        setTimeout(() => set(conversationId, false), TYPING_TIMEOUT_MS),
      );
    setTyping((current) => {
      if (current.has(conversationId) === on) return current;
      const next = new Set(current);
      if (on) next.add(conversationId);
      else next.delete(conversationId);
      return next;
    });
  };
  useSocketEvent('chats:typing', ({ conversationId, typing: on }) => set(conversationId, on));
  // A message ends the typing that wrote it.
  useSocketEvent('chats:messages:new', (message) => set(message.conversation._id, false));
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  return typing;
}

/**
 * `/conversations`: the member's conversations, newest activity first, and "New chat".
 * `?user={id}` (from the match screen or a profile) finds or starts that conversation and opens it.
 */
export function ConversationsPage() {
  const { t } = useTranslation('chat');
  useDocumentTitle(t('documentTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userParam = params.get('user');
  const meId = useMeQuery().data?._id ?? null;
  const list = useConversationsQuery();
  const start = useStartConversationMutation();
  const [picking, setPicking] = useState(false);
  const [starting, setStarting] = useState<string | null>(null);
  const now = useClock(CLOCK_REFRESH_MS);
  const typing = useTypingConversations();
  const waiting = useWaitingMessages(meId);
  const asked = useRef<string | null>(null);
  const all = list.data?.conversations ?? [];
  const folders = useConversationFolders(all);

  const open = (userId: string, replace: boolean) => {
    setStarting(userId);
    start.mutate(userId, {
      onSuccess: (conversation) =>
        void navigate(`/messages/${encodeURIComponent(conversation._id)}`, { replace }),
      onError: () => {
        if (replace) void navigate('/conversations', { replace: true });
      },
      onSettled: () => setStarting(null),
    });
  };

  useEffect(() => {
    if (!userParam || asked.current === userParam) return;
    asked.current = userParam;
    open(userParam, true);
    // `open` is stable in what it does; the effect runs once per asked member.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userParam]);

  if (userParam && (starting === userParam || start.isPending))
    return (
      <Container size="sm" py={48}>
        <Stack align="center" gap="sm" aria-busy="true">
          <Loader type="dots" />
          <Text c="dimmed">{t('opening')}</Text>
        </Stack>
      </Container>
    );

  const conversations = byNewestActivity(folders.shown, waiting);
  const newChat = () => setPicking(true);

  return (
    <Container size="sm" px={0} py="md">
      <Group justify="space-between" px="md" mb="sm" wrap="nowrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        {/* The words where they fit; on phones the icon alone (French and Romanian run long). */}
        <ActionIcon
          hiddenFrom="xs"
          variant="light"
          size="xl"
          radius="xl"
          onClick={newChat}
          aria-label={t('newChat')}
        >
          <IconMessageCirclePlus size={24} aria-hidden />
        </ActionIcon>
        <Button
          visibleFrom="xs"
          variant="light"
          size="sm"
          onClick={newChat}
          leftSection={<IconMessageCirclePlus size={18} aria-hidden />}
        >
          {t('newChat')}
        </Button>
      </Group>

      <ConversationFolders
        folder={folders.folder}
        requestCount={folders.requestCount}
        onChoose={folders.choose}
      />

      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError && !list.data ? (
        <Stack gap={0} px="md" pt={48}>
          <Title order={2} size="h3" ta="center">
            {t('error.title')}
          </Title>
          <LoadFailed
            message={t('error.text')}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        </Stack>
      ) : conversations.length === 0 && folders.folder === 'requests' ? null : conversations.length === 0 ? (
        <Stack align="center" gap="sm" ta="center" px="md" py={48}>
          <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
            <IconMessages size={40} stroke={1.5} />
          </ThemeIcon>
          <Title order={2} size="h3">
            {t('empty.title')}
          </Title>
          <Text c="dimmed" maw={360}>
            {t('empty.text')}
          </Text>
          <Button onClick={newChat} leftSection={<IconMessageCirclePlus size={20} aria-hidden />}>
            {t('empty.action')}
          </Button>
        </Stack>
      ) : (
        <Stack
          component="ul"
          gap={0}
          p={0}
          m={0}
          px={4}
          aria-label={t('listLabel')}
          style={{ listStyle: 'none' }}
        >
          {conversations.map((conversation) => (
            <li key={conversation._id}>
              <ConversationRow
                conversation={conversation}
                meId={meId}
                now={now}
                typing={typing.has(conversation._id)}
                waiting={waiting.get(conversation._id)}
              />
            </li>
          ))}
        </Stack>
      )}

      <NewChatSheet
        opened={picking}
        onClose={() => setPicking(false)}
        starting={starting}
        onPick={(user: UserCard) => open(user._id, false)}
      />
    </Container>
  );
}

function ListSkeleton() {
  return (
    <Stack gap={0} px="md" aria-busy="true">
      {[0, 1, 2, 3, 4, 5].map((index) => (
        <Group key={index} gap="sm" py={10} wrap="nowrap">
          <Skeleton circle height={52} />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={14} width="45%" radius="sm" />
            <Skeleton height={12} width="80%" radius="sm" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
