import { Box, Button, Group, Loader, Text } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message, ReactionEmoji } from '@motema/shared/chat';
import { MessageRows } from './message-rows.tsx';
import { ThreadSkeleton } from '../thread/thread-row.tsx';
import classes from '../thread/thread.module.css';
import type { ThreadItem } from '../thread/thread-types.ts';
import { useThreadScroll } from '../thread/use-thread-scroll.ts';

export type MessageHandlers = {
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  onReply: (message: Message) => void;
  onEdit: (message: Message) => void;
  onImportant: (message: Message, important: boolean) => void;
  onHide: (message: Message) => void;
  onUnsend: (message: Message) => void;
  /** The member's reaction on a message, or null to take theirs off. */
  onReact: (message: Message, emoji: ReactionEmoji | null) => void;
};

type Props = MessageHandlers & {
  items: ThreadItem[];
  meId: string;
  otherName: string;
  loading: boolean;
  hasOlder: boolean;
  fetchingOlder: boolean;
  fetchOlder: () => unknown;
  /** The latest message is on screen (the page decides whether the tab is visible too). */
  onLatestSeen: () => void;
  /** What shows when there is nothing to list. */
  empty: ReactNode;
  /** A filtered view (important messages): no "start of the conversation" line. */
  filtered?: boolean;
};

/**
 * The messages, oldest first: day separators, bubbles grouped by sender, opened at the bottom.
 * New messages keep the view at the bottom when it was there (else a "new messages" pill shows);
 * scrolling to the top loads older ones without moving what is on screen.
 */
export function MessageList({
  items,
  meId,
  otherName,
  loading,
  hasOlder,
  fetchingOlder,
  fetchOlder,
  onLatestSeen,
  empty,
  filtered = false,
  ...handlers
}: Props) {
  const { t } = useTranslation('thread');
  const { scroller, content, pill, toBottom, onScroll, highlight, onJump } = useThreadScroll({
    items,
    loading,
    hasOlder,
    fetchingOlder,
    fetchOlder,
    onLatestSeen,
  });

  // The member's own messages sent meanwhile show under the skeleton: on a slow line the history of a
  // thread opened a moment ago may take seconds, and a message that shows nothing is sent again.
  if (loading && items.length === 0) return <ThreadSkeleton />;

  return (
    <Box pos="relative" style={{ flex: 1, minHeight: 0, display: 'flex' }}>
      <div
        ref={scroller}
        className={classes.list}
        onScroll={onScroll}
        role="log"
        aria-label={t('list.label')}
        aria-live="polite"
        aria-relevant="additions"
      >
        <div ref={content}>
          {loading && <ThreadSkeleton />}
          {fetchingOlder && (
            <Group justify="center" py="xs" aria-label={t('list.loadingOlder')}>
              <Loader size="sm" />
            </Group>
          )}
          {items.length === 0 ? (
            empty
          ) : (
            <>
              {!loading && !hasOlder && !filtered && otherName && (
                <Text size="sm" c="dimmed" ta="center" py="md">
                  {t('list.start', { name: otherName })}
                </Text>
              )}
              <MessageRows
                items={items}
                meId={meId}
                otherName={otherName}
                highlight={highlight}
                onJump={onJump}
                {...handlers}
              />
            </>
          )}
        </div>
      </div>
      {pill && (
        <Button
          className={classes.pill}
          size="compact-md"
          radius="xl"
          leftSection={<IconArrowDown size={16} aria-hidden />}
          onClick={() => toBottom(true)}
        >
          {t('list.newMessages')}
        </Button>
      )}
    </Box>
  );
}
