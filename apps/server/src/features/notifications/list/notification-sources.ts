import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { NOTIFICATION_ENTRY_KINDS, type NotificationEntryKind } from '@motema/shared/notifications';
import type { NotificationContribution, NotificationSource } from '../../../notification-port.ts';

let given: readonly NotificationContribution[] = [];

/**
 * The kinds of notification the features contribute (the notification port, decision 0037), given
 * once when the app is built (from the feature modules' `notifications`): one for each kind the list shows.
 */
export function provideNotificationContributions(contributions: readonly NotificationContribution[]): void {
  const kinds = contributions.map((contribution) => contribution.kind);
  const missing = NOTIFICATION_ENTRY_KINDS.filter((kind) => !kinds.includes(kind));
  const twice = kinds.filter((kind, i) => kinds.indexOf(kind) !== i);
  if (missing.length || twice.length)
    throw new Error(`Notification contributions: missing ${missing.join(', ')}; twice ${twice.join(', ')}`);
  given = contributions;
}

/** The contributions given, or an error: the notifications cannot be read or told without them. */
export function notificationContributions(): readonly NotificationContribution[] {
  if (!given.length) throw new Error('No notification contributions: buildApp gives them');
  return given;
}

/** The contribution of a kind (every entry kind has one). */
export function contributionOf(kind: NotificationEntryKind): NotificationContribution {
  return notificationContributions().find((contribution) => contribution.kind === kind)!;
}

/**
 * The sources of a member's notifications, each with its kind: the counts (notifications.repository.ts)
 * and the list (notification-list.repository.ts) both read these, so the badge counts exactly what the
 * list shows. `member` is their id, or a column holding it (the counts of many members correlate on
 * it). Each source walks an index from the member; the one doing it is `users`, always one the
 * member's lists show; a payment's member is the member.
 */
export function notificationSources(
  member: string | AnyPgColumn,
): (NotificationSource & { kind: NotificationEntryKind })[] {
  return notificationContributions().flatMap(({ kind, sources }) =>
    sources(member).map((source) => ({ kind, ...source })),
  );
}
