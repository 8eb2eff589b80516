import { IconStar } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation, Message } from '@motema/shared/chat';
import { useImportantMessagesQuery } from '../chat.api.ts';
import { MessageList, type MessageHandlers } from '../messages/message-list.tsx';
import { ThreadEmptyState } from './thread-empty-state.tsx';
import { ThreadSkeleton } from './thread-row.tsx';
import type { ThreadItem } from './thread-types.ts';
import { deliveryStateOf } from './use-thread.ts';

/** The starred messages held, once each, oldest first. */
function starredOf(pages: { messages: Message[] }[] | undefined): Message[] {
  const byId = new Map<string, Message>();
  for (const page of pages ?? []) for (const message of page.messages) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

type Props = MessageHandlers & {
  conversationId: string;
  meId: string;
  conversation: Conversation | null;
  otherName: string;
};

/** The thread filtered to the member's starred messages (asked for while shown), older pages on demand. */
export function StarredMessages({ conversationId, meId, conversation, otherName, ...handlers }: Props) {
  const { t } = useTranslation('thread');
  const important = useImportantMessagesQuery(conversationId);
  const items = useMemo<ThreadItem[]>(
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

  if (important.isPending) return <ThreadSkeleton />;
  return (
    <MessageList
      items={items}
      meId={meId}
      otherName={otherName}
      loading={false}
      hasOlder={important.hasNextPage}
      fetchingOlder={important.isFetchingNextPage}
      fetchOlder={important.fetchNextPage}
      onLatestSeen={() => undefined}
      filtered
      empty={<ThreadEmptyState icon={<IconStar size={32} />} text={t('list.importantEmpty')} />}
      {...handlers}
    />
  );
}
