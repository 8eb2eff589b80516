import { Group, Paper, Portal, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Message } from '@motema/shared/chat';
import { MESSAGE_TOAST_GAP_MS, MESSAGE_TOAST_MS } from '@motema/shared/limits';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSocketEvent } from '../../../lib/socket.ts';
import { MemberAvatar } from '../../../ui/member-avatar.tsx';
import { isolate } from '../../../ui/member-text.tsx';
import { useMeQuery } from '../../users/users.api.ts';
import { MessagePreview } from '../list/message-preview.tsx';

/** Toasts waiting at most: older ones give way (the list and the badge still tell). */
const QUEUE_MAX = 5;

const threadPath = (conversationId: string) => `/messages/${encodeURIComponent(conversationId)}`;

/**
 * A toast for each message of the other member arriving outside its open thread: one at a time,
 * MESSAGE_TOAST_MS each, MESSAGE_TOAST_GAP_MS between them; a newer message of a conversation
 * already waiting takes its place. A tap opens the thread.
 */
export function MessageToasts() {
  const { t } = useTranslation('chat');
  const meId = useMeQuery().data?._id ?? null;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [queue, setQueue] = useState<Message[]>([]);
  const [shown, setShown] = useState<Message | null>(null);
  const [resting, setResting] = useState(false);
  // A message announced again (its sender's retry) is told once.
  const told = useRef(new Set<string>());

  useSocketEvent('chats:messages:new', (message) => {
    if (!meId || message.sender._id === meId) return;
    if (pathname === threadPath(message.conversation._id)) return;
    if (told.current.has(message._id)) return;
    told.current.add(message._id);
    setQueue((waiting) => {
      const conversationId = message.conversation._id;
      const index = waiting.findIndex((m) => m.conversation._id === conversationId);
      if (index >= 0) return waiting.map((m, i) => (i === index ? message : m));
      return [...waiting, message].slice(-QUEUE_MAX);
    });
  });

  // Opening a thread drops what waits for it.
  useEffect(() => {
    setQueue((waiting) => {
      const kept = waiting.filter((m) => pathname !== threadPath(m.conversation._id));
      return kept.length === waiting.length ? waiting : kept;
    });
  }, [pathname]);

  useEffect(() => {
    if (shown || resting || queue.length === 0) return;
    setShown(queue[0]!);
    setQueue((waiting) => waiting.slice(1));
  }, [shown, resting, queue]);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => {
      setShown(null);
      setResting(true);
    }, MESSAGE_TOAST_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  useEffect(() => {
    if (!resting) return;
    const timer = setTimeout(() => setResting(false), MESSAGE_TOAST_GAP_MS);
    return () => clearTimeout(timer);
  }, [resting]);

  if (!shown) return null;
  const sender = shown.sender;
  const name = sender.firstName ?? sender.name;
  const openThread = () => {
    setShown(null);
    setResting(true);
    void navigate(threadPath(shown.conversation._id));
  };

  return (
    <Portal>
      <div
        role="status"
        aria-live="polite"
        style={{
          position: 'fixed',
          top: 'calc(env(safe-area-inset-top, 0px) + 12px)',
          left: 12,
          right: 12,
          zIndex: 400,
          display: 'flex',
          justifyContent: 'center',
          pointerEvents: 'none',
        }}
      >
        <Paper shadow="lg" radius="lg" withBorder w="100%" maw={420} style={{ pointerEvents: 'auto' }}>
          {/* Named by all it shows (who wrote and the message), so speech and voice control find it by
              the words on screen (WCAG 2.5.3); what a tap does is its description. */}
          <UnstyledButton onClick={openThread} aria-description={t('toast.open', { name })} p="sm" w="100%">
            <Group gap="sm" wrap="nowrap">
              <MemberAvatar name={sender.name} image={sender.avatar} size={44} radius={44} />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="xs" c="dimmed" truncate="end">
                  {t('toast.label', { name: isolate(name) })}
                </Text>
                <MessagePreview message={shown} mine={false} size="sm" fw={500} lineClamp={1} />
              </Stack>
            </Group>
          </UnstyledButton>
        </Paper>
      </div>
    </Portal>
  );
}
