import { Menu } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ConversationList, ConversationMember } from '@motema/shared/chat';
import { useSafetyActions } from '../../safety/use-safety-actions.tsx';
import { chatKeys } from '../chat-cache.ts';

/** What chat forgets of a member once blocked: their conversation in the list, its thread and messages. */
function forgetConversationWith(conversationId: string) {
  return (queryClient: QueryClient, userId: string) => {
    queryClient.setQueryData<ConversationList>(chatKeys.conversations(), (list) => {
      if (!list) return list;
      const conversations = list.conversations.filter((conversation) => conversation.member._id !== userId);
      return { conversations, count: list.count - (list.conversations.length - conversations.length) };
    });
    queryClient.removeQueries({ queryKey: chatKeys.conversation(conversationId) });
    queryClient.removeQueries({ queryKey: chatKeys.messages(conversationId) });
  };
}

/**
 * Block and report from a thread's menu, as from a profile (safety's actions): once blocked, the
 * conversation leaves the member's caches and the screen goes back to the conversations.
 */
export function useThreadSafety(
  conversationId: string,
  member: ConversationMember | null,
): { items: ReactNode; dialog: ReactNode } {
  const { items, dialog } = useSafetyActions(
    member && {
      userId: member._id,
      name: member.firstName ?? member.name,
      forget: forgetConversationWith(conversationId),
      leaveTo: '/conversations',
    },
  );
  return {
    items: items && (
      <>
        <Menu.Divider />
        {items}
      </>
    ),
    dialog,
  };
}
