import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { LIVE_MESSAGE_MAX_LENGTH, type LiveMessage } from '@motema/shared/lives';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text.ts';
import { MemberText } from '../../../ui/member-text.tsx';
import { useHeldMessageMutation } from '../lives.api.ts';
import type { LiveRoom } from './use-live-room.ts';
import classes from './live.module.css';

type Props = {
  room: LiveRoom;
  liveId: string;
  meId: string;
  /** The broadcaster or a live moderator: held messages come with Release and Drop. */
  moderates: boolean;
  /** The live is over, or the member is muted: the chat is read only. */
  closed: boolean;
};

/**
 * A live's chat: the last messages, newest at the bottom; a held message shows to its sender as
 * waiting for review, and to the broadcaster and the live's moderators with Release and Drop.
 */
export function LiveChat({ room, liveId, meId, moderates, closed }: Props) {
  const { t } = useTranslation(['lives', 'errors']);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const muted = room.live?.muted ?? false;

  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [room.messages.length]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || sending) return;
    setSending(true);
    const code = await room.send(trimmed);
    setSending(false);
    if (code) return setFailure(t(`errors:${code}`, { defaultValue: t('errors:internal') }));
    setFailure(null);
    setText('');
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="live-chat-title">
      <Text id="live-chat-title" fw={700} size="sm">
        {t('chat.title')}
      </Text>
      <div ref={list} className={classes.chat} role="log" aria-labelledby="live-chat-title">
        <ul className={classes.lines}>
          {room.messages.length === 0 && (
            <Text component="li" size="sm" c="dimmed">
              {t('chat.empty')}
            </Text>
          )}
          {room.messages.map((message) => (
            <ChatLine
              key={message._id}
              message={message}
              liveId={liveId}
              mine={message.sender._id === meId}
              moderates={moderates}
              onDropped={() => room.forget(message._id)}
            />
          ))}
        </ul>
      </div>
      {closed || muted ? (
        <Text size="sm" c="dimmed">
          {t(muted && !closed ? 'chat.muted' : 'chat.closed')}
        </Text>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              style={{ flex: 1 }}
              aria-label={t('chat.write')}
              placeholder={t('chat.placeholder')}
              maxLength={LIVE_MESSAGE_MAX_LENGTH}
              value={text}
              error={failure}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <ActionIcon type="submit" size={36} aria-label={t('chat.send')} loading={sending}>
              <IconSend size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </form>
      )}
    </Stack>
  );
}

function ChatLine({
  message,
  liveId,
  mine,
  moderates,
  onDropped,
}: {
  message: LiveMessage;
  liveId: string;
  mine: boolean;
  moderates: boolean;
  onDropped: () => void;
}) {
  const { t } = useTranslation(['lives', 'errors']);
  const held = useHeldMessageMutation(liveId);
  const name = message.sender.firstName ?? message.sender.name;
  const isHeld = message.status === 'held';
  const decide = (release: boolean) =>
    held.mutate({ messageId: message._id, release }, { onSuccess: () => !release && onDropped() });
  return (
    <li className={classes.line} data-held={isHeld || undefined}>
      <Text size="sm">
        <Text span fw={700} size="sm">
          <MemberText>{name}</MemberText>
        </Text>{' '}
        <MemberText>{message.text}</MemberText>
      </Text>
      {isHeld && mine && !moderates && (
        <Badge size="xs" variant="light" color="gray">
          {t('chat.waitingReview')}
        </Badge>
      )}
      {isHeld && moderates && (
        <Group gap={6} mt={4}>
          <Badge size="xs" variant="light" color="ochre">
            {t('chat.held')}
          </Badge>
          <Button size="compact-xs" variant="light" onClick={() => decide(true)} loading={held.isPending}>
            {t('chat.release')}
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => decide(false)}>
            {t('chat.drop')}
          </Button>
          {held.isError && (
            <Text size="xs" c="red" role="alert">
              {errorText(held.error, t)}
            </Text>
          )}
        </Group>
      )}
    </li>
  );
}
