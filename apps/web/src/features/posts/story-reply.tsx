import { ActionIcon, TextInput } from '@mantine/core';
import { MESSAGE_TEXT_MAX_LENGTH } from '@motema/shared/chat';
import type { PostMember } from '@motema/shared/posts';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../ui/member-text.tsx';
import { useStartConversationMutation } from '../chat/chat.api.ts';
import { queueMessage } from '../chat/outbox-sender.ts';

type Props = {
  author: PostMember;
  /** While the member writes, the story waits. */
  onWriting: (writing: boolean) => void;
  /** The message is in the chat's outbox, on its way in the conversation `conversationId`. */
  onSent: (conversationId: string) => void;
};

/**
 * A reply to a story is a chat message to its author: the conversation is found or started, and the
 * message goes through the chat's own outbox, so the chat's rules apply unchanged (a block, the
 * paywall and its payment-required dialog, the rate limits, a retry after a lost connection).
 */
export function StoryReply({ author, onWriting, onSent }: Props) {
  const { t } = useTranslation('stories');
  const [text, setText] = useState('');
  const start = useStartConversationMutation();
  const name = isolate(author.firstName ?? author.name);

  const send = async () => {
    const message = text.trim();
    if (!message || start.isPending) return;
    let conversationId: string;
    try {
      conversationId = (await start.mutateAsync(author._id))._id;
    } catch {
      // Told already: the payment-required dialog for the paywall, the error notice for the rest.
      return;
    }
    await queueMessage(conversationId, { text: message, files: [], replyTo: null });
    setText('');
    onSent(conversationId);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      style={{ display: 'flex', gap: 8, alignItems: 'center' }}
    >
      <TextInput
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onFocus={() => onWriting(true)}
        onBlur={() => onWriting(false)}
        placeholder={t('reply.placeholder', { name })}
        aria-label={t('reply.label', { name })}
        maxLength={MESSAGE_TEXT_MAX_LENGTH}
        radius="xl"
        size="md"
        style={{ flex: 1 }}
        styles={{
          input: {
            background: 'rgba(0, 0, 0, 0.35)',
            color: 'white',
            borderColor: 'rgba(255, 255, 255, 0.6)',
          },
        }}
        enterKeyHint="send"
        autoComplete="off"
      />
      <ActionIcon
        type="submit"
        size={42}
        radius="xl"
        aria-label={t('reply.send')}
        loading={start.isPending}
        disabled={text.trim() === ''}
      >
        <IconSend size={20} aria-hidden />
      </ActionIcon>
    </form>
  );
}
