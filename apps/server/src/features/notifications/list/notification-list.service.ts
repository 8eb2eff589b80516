import { COUNTER_ENTRIES_MAX, NOTIFICATIONS_PAGE_SIZE } from '@motema/shared/notifications';
import type { DbOrTx } from '../../../db/client.ts';
import type { PhotoRow } from '../../../db/schema.ts';
import { unreadConversations, type UnreadConversation } from '../../chat/conversations/unread.service.ts';
import { avatarPhotos } from '../../media/media.service.ts';
import * as repo from './notification-list.repository.ts';
import type { NotificationRow } from './notification-list.repository.ts';

/** Avatar photos by id, for the members of entries (one query whatever their number). */
export type AvatarPhotos = ReadonlyMap<string, PhotoRow>;

export type NotificationPage = { rows: NotificationRow[]; avatars: AvatarPhotos; next: string | null };
export type CounterEntryRows = {
  notifications: NotificationRow[];
  messages: UnreadConversation[];
  avatars: AvatarPhotos;
};

async function avatarsOf(db: DbOrTx, photoIds: (string | null | undefined)[]): Promise<AvatarPhotos> {
  const ids = photoIds.filter((id): id is string => !!id);
  return ids.length ? avatarPhotos(db, ids) : new Map();
}

/** An ISO time to the microsecond (what `before` takes), from microseconds since the epoch. */
export function isoMicros(micros: bigint): string {
  const millis = micros / 1000n;
  const rest = (micros % 1000n).toString().padStart(3, '0');
  return new Date(Number(millis)).toISOString().replace('Z', `${rest}Z`);
}

/**
 * `GET /api/notifications?before=`: a page of the member's notifications, newest first. `next` is the
 * time the following page starts below. Entries made at the very same microsecond (a rating and the
 * match it made share their transaction's time) never straddle two pages, which would lose one: a
 * full page whose last time continues past it ends before that time, and the next page starts right
 * after it (one microsecond later, `before` excluding).
 */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  before: string | undefined,
): Promise<NotificationPage> {
  const found = await repo.findNotifications(db, userId, { limit: NOTIFICATIONS_PAGE_SIZE + 1, before });
  let rows = found.slice(0, NOTIFICATIONS_PAGE_SIZE);
  let next: string | null = null;
  if (found.length > NOTIFICATIONS_PAGE_SIZE) {
    const last = rows.at(-1)!.atMicros;
    const straddling = found[NOTIFICATIONS_PAGE_SIZE]!.atMicros === last;
    const kept = straddling ? rows.filter((row) => row.atMicros !== last) : rows;
    // A whole page made at one microsecond cannot be split: it is served, the rest of that time lost.
    if (kept.length > 0) rows = kept;
    next = isoMicros(straddling && kept.length > 0 ? last + 1n : last);
  }
  return {
    rows,
    avatars: await avatarsOf(
      db,
      rows.map((row) => row.member?.avatarPhotoId),
    ),
    next,
  };
}

/**
 * The counters' lists: the newest unread notifications and the conversations with unread messages
 * (visible ones, newest message first), at most COUNTER_ENTRIES_MAX each.
 */
export async function counterEntryRows(db: DbOrTx, userId: string): Promise<CounterEntryRows> {
  const [notifications, messages] = await Promise.all([
    repo.findNotifications(db, userId, { limit: COUNTER_ENTRIES_MAX, unreadOnly: true }),
    unreadConversations(db, userId, COUNTER_ENTRIES_MAX),
  ]);
  const avatars = await avatarsOf(db, [
    ...notifications.map((row) => row.member?.avatarPhotoId),
    ...messages.map((row) => row.avatarPhotoId),
  ]);
  return { notifications, messages, avatars };
}
