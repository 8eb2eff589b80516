import type { Counters } from '@motema/shared/counters';
import { publicNameOf } from '@motema/shared/member-name';
import {
  NOTIFICATION_ENTRY_KINDS,
  type CountersWithEntries,
  type MessageEntry,
  type NotificationEntry,
  type NotificationList,
  type Notifier,
} from '@motema/shared/notifications';
import type { UnreadTotals } from '../chat/conversations/unread.service.ts';
import type { UnreadConversation } from '../chat/conversations/unread.service.ts';
import { presentAvatar } from '../media/media.presenter.ts';
import type { MemberCounters } from './counters.service.ts';
import type { NotificationCounts } from './notifications.repository.ts';
import type { NotificationRow } from './list/notification-list.repository.ts';
import type { AvatarPhotos, CounterEntryRows, NotificationPage } from './list/notification-list.service.ts';

/** The badges as the app shows them (`counters:update` and the counters' routes): one notifications total. */
export function presentCounters({ unread, notifications }: MemberCounters): Counters {
  return { ...presentUnread(unread), ...presentNotificationsBadge(notifications) };
}

/** The bell's badge alone, as `counters:update` sends it after a new notification. */
export function presentNotificationsBadge(counts: NotificationCounts): Pick<Counters, 'notifications'> {
  return { notifications: NOTIFICATION_ENTRY_KINDS.reduce((total, kind) => total + counts[kind], 0) };
}

/** The unread badges alone, as `counters:update` sends them after a message, a read or a hide. */
export function presentUnread(unread: UnreadTotals): Pick<Counters, 'messages' | 'conversations'> {
  return { messages: unread.messages, conversations: unread.conversations };
}

/** Who a notification is about: names and the slim avatar, never the last name (Z2). */
function presentNotifier(
  member: { id: string; username: string; firstName: string | null; avatarPhotoId: string | null },
  avatars: AvatarPhotos,
): Notifier {
  const photo = member.avatarPhotoId ? avatars.get(member.avatarPhotoId) : undefined;
  return { _id: member.id, name: publicNameOf(member), avatar: photo ? presentAvatar(photo) : null };
}

export function presentNotificationEntry(row: NotificationRow, avatars: AvatarPhotos): NotificationEntry {
  return {
    _id: `${row.kind}:${row.ref}`,
    kind: row.kind,
    user: row.member && presentNotifier(row.member, avatars),
    postId: row.postId,
    payment: row.paymentId && row.paymentStatus ? { _id: row.paymentId, status: row.paymentStatus } : null,
    zone: row.zone && { _id: row.zone.id, title: row.zone.title, answer: row.zone.answer },
    createdAt: new Date(Number(row.atMicros / 1000n)).toISOString(),
    read: row.read,
  };
}

function presentMessageEntry(row: UnreadConversation, avatars: AvatarPhotos): MessageEntry {
  const member = {
    id: row.memberId,
    username: row.username,
    firstName: row.firstName,
    avatarPhotoId: row.avatarPhotoId,
  };
  return {
    conversationId: row.conversationId,
    user: presentNotifier(member, avatars),
    unread: row.unread,
    lastAt: (row.lastMessageAt ?? row.createdAt).toISOString(),
  };
}

export function presentNotificationList(page: NotificationPage): NotificationList {
  return {
    notifications: page.rows.map((row) => presentNotificationEntry(row, page.avatars)),
    next: page.next,
  };
}

/** `GET /api/counters`: the badges and the lists behind them (SPEC section 3). */
export function presentCountersWithEntries(
  counters: MemberCounters,
  entries: CounterEntryRows,
): CountersWithEntries {
  return {
    ...presentCounters(counters),
    entries: {
      notifications: entries.notifications.map((row) => presentNotificationEntry(row, entries.avatars)),
      messages: entries.messages.map((row) => presentMessageEntry(row, entries.avatars)),
    },
  };
}
