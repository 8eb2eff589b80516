import { Box, Button, Group, Loader, Text } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@motema/shared/chat';
import { ThreadRow, ThreadSkeleton } from './thread-row.tsx';
import classes from './thread.module.css';
import type { ThreadItem } from './thread-types.ts';

/** Within this distance of the bottom the list counts as "at the latest message". */
const NEAR_BOTTOM_PX = 120;
/** Within this distance of the top the next older page is asked for. */
const NEAR_TOP_PX = 200;
/** Two messages of one sender this close in time form one group. */
const GROUP_GAP_MS = 5 * 60_000;
const HIGHLIGHT_MS = 1_600;
const JUMP_SCROLL_MS = 1_000;

export type MessageHandlers = {
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  onReply: (message: Message) => void;
  onEdit: (message: Message) => void;
  onImportant: (message: Message, important: boolean) => void;
  onHide: (message: Message) => void;
  onUnsend: (message: Message) => void;
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

const createdAtOf = (item: ThreadItem) =>
  item.kind === 'message' ? item.message.createdAt : item.entry.createdAt;
const senderOf = (item: ThreadItem) => (item.kind === 'pending' || item.mine ? 'me' : 'other');
const dayOf = (iso: string) => new Date(iso).toDateString();

function dayLabel(iso: string, language: string, t: (key: string) => string): string {
  const date = new Date(iso);
  const today = new Date();
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (date.toDateString() === today.toDateString()) return t('list.today');
  if (date.toDateString() === yesterday.toDateString()) return t('list.yesterday');
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() === today.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
}

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
  const { t, i18n } = useTranslation('thread');
  const language = i18n.resolvedLanguage ?? 'en';
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  /** Until then, size changes do not pin the view to the bottom (a jump to a quoted message is scrolling). */
  const noPinUntil = useRef(0);
  const opened = useRef(false);
  /** Distance from the bottom before older messages were added above. */
  const anchor = useRef<number | null>(null);
  const [pill, setPill] = useState(false);
  const [highlight, setHighlight] = useState<string | null>(null);
  const [jumpTo, setJumpTo] = useState<string | null>(null);
  const firstKey = items[0]?.key;
  const last = items.at(-1);
  const lastKey = last?.key;
  const previous = useRef({ firstKey, lastKey });
  const seen = useRef(onLatestSeen);
  useEffect(() => {
    seen.current = onLatestSeen;
  });

  const toBottom = useCallback((smooth = false) => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTo({ top: element.scrollHeight, behavior: smooth ? 'smooth' : 'instant' });
    nearBottom.current = true;
    setPill(false);
  }, []);

  const loadOlder = useCallback(() => {
    const element = scroller.current;
    if (!element || !hasOlder || fetchingOlder) return;
    anchor.current = element.scrollHeight - element.scrollTop;
    fetchOlder();
  }, [fetchOlder, hasOlder, fetchingOlder]);

  useLayoutEffect(() => {
    const element = scroller.current;
    const before = previous.current;
    previous.current = { firstKey, lastKey };
    if (!element || !lastKey) return;
    if (!opened.current) {
      opened.current = true;
      toBottom();
      return;
    }
    if (firstKey !== before.firstKey && anchor.current !== null) {
      element.scrollTop = element.scrollHeight - anchor.current;
      anchor.current = null;
    }
    if (lastKey !== before.lastKey) {
      const mine = last && (last.kind === 'pending' || last.mine);
      if (nearBottom.current || mine) toBottom();
      else setPill(true);
    }
  }, [firstKey, lastKey, last, toBottom, loading]);

  // Photos and voice notes that finish loading keep the view pinned at the bottom.
  useEffect(() => {
    const element = content.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (nearBottom.current && anchor.current === null && Date.now() > noPinUntil.current) toBottom();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [toBottom, loading]);

  // The latest message is seen when it arrives while the view is at the bottom, or on coming back.
  useEffect(() => {
    if (lastKey && nearBottom.current) seen.current();
  }, [lastKey]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && nearBottom.current) seen.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  // A screen not yet full of messages asks for older ones by itself.
  useEffect(() => {
    const element = scroller.current;
    if (element && element.clientHeight > 0 && element.scrollHeight <= element.clientHeight) loadOlder();
  }, [firstKey, loadOlder]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    const wasNear = nearBottom.current;
    nearBottom.current = distance < NEAR_BOTTOM_PX;
    if (nearBottom.current && !wasNear) {
      setPill(false);
      seen.current();
    }
    if (element.scrollTop < NEAR_TOP_PX) loadOlder();
  };

  // A quoted message: scroll to it (loading older pages until it is there), then light it up briefly.
  useEffect(() => {
    if (!jumpTo) return;
    const target = document.getElementById(`message-${jumpTo}`);
    if (target) {
      // Leaving the bottom on purpose: nothing may pin the view back there while it scrolls.
      nearBottom.current = false;
      noPinUntil.current = Date.now() + JUMP_SCROLL_MS;
      target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      setHighlight(jumpTo);
      setJumpTo(null);
      return;
    }
    if (hasOlder && !fetchingOlder) loadOlder();
    else if (!hasOlder) setJumpTo(null);
  }, [jumpTo, firstKey, hasOlder, fetchingOlder, loadOlder]);

  useEffect(() => {
    if (!highlight) return;
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);

  const onJump = useCallback((messageId: string) => setJumpTo(messageId), []);

  if (loading) return <ThreadSkeleton />;

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
          {fetchingOlder && (
            <Group justify="center" py="xs" aria-label={t('list.loadingOlder')}>
              <Loader size="sm" />
            </Group>
          )}
          {items.length === 0 ? (
            empty
          ) : (
            <>
              {!hasOlder && !filtered && otherName && (
                <Text size="sm" c="dimmed" ta="center" py="md">
                  {t('list.start', { name: otherName })}
                </Text>
              )}
              {items.map((item, index) => {
                const before = items[index - 1];
                const at = createdAtOf(item);
                const newDay = !before || dayOf(createdAtOf(before)) !== dayOf(at);
                const grouped =
                  !newDay &&
                  !!before &&
                  senderOf(before) === senderOf(item) &&
                  Date.parse(at) - Date.parse(createdAtOf(before)) < GROUP_GAP_MS;
                return (
                  <div key={item.key}>
                    {newDay && (
                      <div className={classes.day}>
                        <span className={classes.dayLabel}>{dayLabel(at, language, t)}</span>
                      </div>
                    )}
                    <ThreadRow
                      item={item}
                      meId={meId}
                      otherName={otherName}
                      grouped={grouped}
                      highlighted={item.kind === 'message' && highlight === item.message._id}
                      language={language}
                      onJump={onJump}
                      {...handlers}
                    />
                  </div>
                );
              })}
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
