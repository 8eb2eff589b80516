import type { Counters } from '@motema/shared/chat';
import type { UnreadTotals } from '../chat/conversations/unread.service.ts';
import type { MemberCounters } from './counters.service.ts';

/** The badges as the app shows them (`GET /api/counters` and `counters:update`): one notifications total. */
export function presentCounters({ unread, notifications }: MemberCounters): Counters {
  return {
    ...presentUnread(unread),
    notifications: notifications.match + notifications.like + notifications.visit,
  };
}

/** The unread badges alone, as `counters:update` sends them after a message, a read or a hide. */
export function presentUnread(unread: UnreadTotals): Pick<Counters, 'messages' | 'conversations'> {
  return { messages: unread.messages, conversations: unread.conversations };
}
