import type { Counters } from '@motema/shared/chat';
import type { MemberCounters } from './counters.service.ts';

/** The badges as the app shows them (`GET /api/counters` and `counters:update`): one notifications total. */
export function presentCounters({ unread, notifications }: MemberCounters): Counters {
  return {
    messages: unread.messages,
    conversations: unread.conversations,
    notifications: notifications.match + notifications.like + notifications.visit,
  };
}
