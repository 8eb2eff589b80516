import { ActionIcon, TextInput } from '@mantine/core';
import { MESSAGE_TEXT_MAX_LENGTH } from '@motema/shared/chat';
import type { PostMember, Story } from '@motema/shared/posts';
import type { StoryReplyResult } from '@motema/shared/story-replies';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notices.ts';
import { randomUuid } from '../../../lib/random-uuid.ts';
import { isolate } from '../../../ui/member-text.tsx';
import { paymentRequired, paymentRequiredReason } from '../../billing/payment-required.ts';
import { chatKeys } from '../../chat/chat.api.ts';
import { conversationWithPath } from '../../../lib/conversation-path.ts';

type Props = {
  story: Story;
  author: PostMember;
  /** While the member writes, the story waits. */
  onWriting: (writing: boolean) => void;
};

/**
 * POST /api/stories/{id}/replies with a client id made once per reply (a retry is stored once); the
 * paywall's 402 opens the payment-required dialog, as starting a chat does.
 */
function useStoryReplyMutation(author: PostMember) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: { storyId: string; clientId: string; text: string }) =>
      api<StoryReplyResult>(`/stories/${encodeURIComponent(reply.storyId)}/replies`, {
        method: 'POST',
        body: { clientId: reply.clientId, text: reply.text },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() }),
    onError: (error) => {
      if (isApiError(error) && error.code === 'payment_required')
        paymentRequired.ask({
          reason: paymentRequiredReason(error.reason),
          profile: author._id,
          returnTo: conversationWithPath(author._id),
          refused: 'chat',
        });
    },
  });
}

/**
 * A reply to a story is a chat message to its author, sent by the server while the story's audience
 * allows the replier; the chat's rules apply unchanged (a block, the paywall and its dialog, the rate
 * limits). The member stays in the viewer: a notice says the reply went.
 */
export function StoryReply({ story, author, onWriting }: Props) {
  const { t } = useTranslation('stories');
  const [text, setText] = useState('');
  const reply = useStoryReplyMutation(author);
  const name = isolate(author.firstName ?? author.name);

  const send = async () => {
    const message = text.trim();
    if (!message || reply.isPending) return;
    try {
      await reply.mutateAsync({ storyId: story._id, clientId: randomUuid(), text: message });
    } catch {
      // Told already: the payment-required dialog for the paywall, the error notice for the rest.
      return;
    }
    setText('');
    notify('positive', t('reply.sent', { name }));
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
        loading={reply.isPending}
        disabled={text.trim() === ''}
      >
        <IconSend size={20} aria-hidden />
      </ActionIcon>
    </form>
  );
}
