import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageCircleOff, IconMoodSmile, IconRefresh, IconStar } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Message } from '@motema/shared/chat';
import { isApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { isolate } from '../../ui/member-text.tsx';
import { useMeQuery } from '../users/users.api.ts';
import {
  chatKeys,
  useEditMessageMutation,
  useHideMessageMutation,
  useImportantMessagesQuery,
  useImportantMutation,
  useUnsendMessageMutation,
} from './chat.api.ts';
import { Composer } from './composer.tsx';
import { MessageList, type MessageHandlers } from './message-list.tsx';
import { ThreadSkeleton } from './thread-row.tsx';
import { ThreadHeader } from './thread-header.tsx';
import classes from './thread.module.css';
import type { ThreadItem } from './thread-types.ts';
import { deliveryStateOf, useThread } from './use-thread.ts';
import { useTyping } from './use-typing.ts';

/**
 * Keeps the screen the size of what is visible, so the composer stays above a phone's keyboard
 * (the keyboard shrinks the visual viewport, not the layout one, on most mobile browsers).
 */
function useVisualViewport(element: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const viewport = window.visualViewport;
    const node = element.current;
    if (!viewport || !node) return;
    const update = () => {
      node.style.setProperty('--thread-viewport-height', `${viewport.height}px`);
      node.style.transform = viewport.offsetTop > 0 ? `translateY(${viewport.offsetTop}px)` : '';
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, [element]);
}

/** The starred messages held, once each, oldest first. */
function starredOf(pages: { messages: Message[] }[] | undefined): Message[] {
  const byId = new Map<string, Message>();
  for (const page of pages ?? []) for (const message of page.messages) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** `/messages/{conversationId}`: one conversation's thread. */
export function MessagesPage() {
  const { id = '' } = useParams();
  // A new conversation starts with an empty composer, no reply and no filter.
  return <Thread key={id} conversationId={id} />;
}

function Thread({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('thread');
  const queryClient = useQueryClient();
  const meId = useMeQuery().data?._id ?? '';
  const thread = useThread(conversationId);
  const conversation = thread.conversation ?? null;
  const member = conversation?.member ?? null;
  const typing = useTyping(conversationId, member?._id ?? null);
  const [importantOnly, setImportantOnly] = useState(false);
  const important = useImportantMessagesQuery(conversationId, { enabled: importantOnly });
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const screen = useRef<HTMLDivElement>(null);
  useVisualViewport(screen);

  const edit = useEditMessageMutation();
  const unsend = useUnsendMessageMutation();
  const hide = useHideMessageMutation();
  const star = useImportantMutation();

  const unavailable =
    isApiError(thread.error) && [400, 403, 404].includes(thread.error.status) && !conversation;
  useDocumentTitle(
    member
      ? t('documentTitle', { name: isolate(member.name) })
      : unavailable
        ? t('unavailable.documentTitle')
        : t('common:screens.messages'),
  );

  const { markRead } = thread;
  const onLatestSeen = useCallback(() => {
    if (document.visibilityState === 'visible') markRead();
  }, [markRead]);

  const handlers: MessageHandlers = useMemo(
    () => ({
      onRetry: thread.retry,
      onDiscard: thread.discard,
      onReply: (message) => {
        setEditing(null);
        setReplyTo(message);
      },
      onEdit: (message) => {
        setReplyTo(null);
        setEditing(message);
      },
      onImportant: (message, value) => star.mutate({ messageId: message._id, important: value }),
      onHide: (message) => hide.mutate({ messageId: message._id, conversationId }),
      onUnsend: (message) => unsend.mutate(message._id),
    }),
    // The mutations' `mutate` functions are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [thread.retry, thread.discard, conversationId],
  );

  const starredItems = useMemo<ThreadItem[]>(
    () =>
      starredOf(important.data?.pages).map((message) => {
        const mine = message.sender._id === meId;
        return {
          kind: 'message',
          key: message._id,
          message,
          mine,
          state: mine ? deliveryStateOf(message, conversation ?? undefined) : null,
        };
      }),
    [important.data, meId, conversation],
  );

  if (unavailable) return <ThreadUnavailable />;

  // Said inside sentences ("Say hello to {{name}}"): isolated, as member text.
  const otherName = member ? isolate(member.firstName ?? member.name) : '';
  const loadError = !!thread.error && thread.items.length === 0 && !thread.isLoading;
  const retryLoad = () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(conversationId) });
    void queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) });
  };

  return (
    <div ref={screen} className={classes.screen}>
      <div className={classes.column}>
        <ThreadHeader
          member={member}
          otherTyping={typing.otherTyping}
          importantOnly={importantOnly}
          onToggleImportant={() => setImportantOnly((value) => !value)}
        />
        {importantOnly && (
          <div className={classes.filterBar}>
            <Text size="sm" c="dimmed" style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}>
              <IconStar size={16} aria-hidden /> {t('list.importantOnly')}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              style={{ flex: 'none' }}
              onClick={() => setImportantOnly(false)}
            >
              {t('list.showAll')}
            </Button>
          </div>
        )}
        {loadError ? (
          <Stack align="center" gap="sm" p="xl" ta="center" style={{ flex: 1 }}>
            <Text c="dimmed">{t('list.error')}</Text>
            <Button variant="default" leftSection={<IconRefresh size={18} aria-hidden />} onClick={retryLoad}>
              {t('list.retry')}
            </Button>
          </Stack>
        ) : importantOnly ? (
          important.isPending ? (
            <ThreadSkeleton />
          ) : (
            <MessageList
              items={starredItems}
              meId={meId}
              otherName={otherName}
              loading={false}
              hasOlder={important.hasNextPage}
              fetchingOlder={important.isFetchingNextPage}
              fetchOlder={important.fetchNextPage}
              onLatestSeen={() => undefined}
              filtered
              empty={<EmptyState icon={<IconStar size={32} />} text={t('list.importantEmpty')} />}
              {...handlers}
            />
          )
        ) : (
          <MessageList
            items={thread.items}
            meId={meId}
            otherName={otherName}
            loading={thread.isLoading}
            hasOlder={thread.hasOlder}
            fetchingOlder={thread.isFetchingOlder}
            fetchOlder={thread.fetchOlder}
            onLatestSeen={onLatestSeen}
            empty={
              <EmptyState icon={<IconMoodSmile size={32} />} text={t('list.empty', { name: otherName })} />
            }
            {...handlers}
          />
        )}
        <Composer
          meId={meId}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          editing={editing}
          onCancelEdit={() => setEditing(null)}
          onSend={(draft) => {
            // What the member sends shows in the whole thread.
            setImportantOnly(false);
            thread.send(draft);
          }}
          onEdit={(message, text) => edit.mutate({ messageId: message._id, text })}
          typing={typing}
        />
      </div>
    </div>
  );
}

function EmptyState({ icon, text }: { icon: React.ReactNode; text: string }) {
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" color="coral" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text c="dimmed" maw={360}>
        {text}
      </Text>
    </Stack>
  );
}

/** A conversation that does not exist, is not the member's, or is with someone blocked. */
function ThreadUnavailable() {
  const { t } = useTranslation('thread');
  return (
    <Stack align="center" gap="sm" ta="center" py={48} px="md">
      <ThemeIcon size={72} radius="xl" variant="light" color="coral" aria-hidden>
        <IconMessageCircleOff size={40} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {t('unavailable.title')}
      </Title>
      <Text c="dimmed" maw={420}>
        {t('unavailable.text')}
      </Text>
      <Button component={Link} to="/conversations" mt="sm">
        {t('unavailable.back')}
      </Button>
    </Stack>
  );
}
