import { IconMoodSmile } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Message } from '@motema/shared/chat';
import { isApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { isolate } from '../../../ui/member-text.tsx';
import { messageToReview, ReviewPrompt } from '../composer/review-prompt.tsx';
import { useMeQuery } from '../../users/users.api.ts';
import {
  chatKeys,
  useEditMessageMutation,
  useHideMessageMutation,
  useImportantMutation,
  useReactionMutation,
  useUnsendMessageMutation,
} from '../chat.api.ts';
import { Composer } from '../composer/composer.tsx';
import { MessageList, type MessageHandlers } from '../messages/message-list.tsx';
import { StarredMessages } from './starred-messages.tsx';
import { ThreadEmptyState } from './thread-empty-state.tsx';
import { ThreadHeader } from './thread-header.tsx';
import { useThreadSafety } from './thread-safety.tsx';
import { ImportantFilterBar } from './thread-notices.tsx';
import { ThreadUnavailable } from './thread-unavailable.tsx';
import classes from './thread.module.css';
import { useThread } from './use-thread.ts';
import { useTyping } from './use-typing.ts';
import { useVisualViewport } from './use-visual-viewport.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';

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
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const screen = useRef<HTMLDivElement>(null);
  useVisualViewport(screen);

  const edit = useEditMessageMutation();
  const unsend = useUnsendMessageMutation();
  const hide = useHideMessageMutation();
  const star = useImportantMutation();
  const react = useReactionMutation();
  const safety = useThreadSafety(conversationId, member);
  // "Review before you send" (the scam shield): the message waits above the composer for a decision.
  const toReview = messageToReview(thread.items);
  const [restored, setRestored] = useState<{ key: string; text: string } | null>(null);

  // Refused (gone, or a block by either member) even when a copy is still cached: the copy is stale.
  const unavailable = isApiError(thread.error) && [400, 403, 404].includes(thread.error.status);
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
      onReact: (message, emoji) => react.mutate({ messageId: message._id, emoji }),
    }),
    // The mutations' `mutate` functions are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [thread.retry, thread.discard, conversationId],
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
          safetyItems={safety.items}
        />
        {safety.dialog}
        {importantOnly && <ImportantFilterBar onShowAll={() => setImportantOnly(false)} />}
        {loadError ? (
          <div style={{ flex: 1 }}>
            <LoadFailed message={t('list.error')} onRetry={retryLoad} />
          </div>
        ) : importantOnly ? (
          <StarredMessages
            conversationId={conversationId}
            meId={meId}
            conversation={conversation}
            otherName={otherName}
            {...handlers}
          />
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
              <ThreadEmptyState
                icon={<IconMoodSmile size={32} />}
                text={t('list.empty', { name: otherName })}
              />
            }
            {...handlers}
          />
        )}
        {toReview && (
          <ReviewPrompt
            onEdit={() => {
              setRestored({ key: toReview.clientId, text: toReview.text });
              void thread.discard(toReview.clientId);
            }}
            onSendAnyway={() => void thread.retry(toReview.clientId, true)}
          />
        )}
        <Composer
          meId={meId}
          conversationId={conversationId}
          restored={restored}
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
