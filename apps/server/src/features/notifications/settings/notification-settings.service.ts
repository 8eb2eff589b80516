import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KINDS_ON_BY_DEFAULT,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '@motema/shared/notifications';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { NotificationSettingsRow } from '../../../db/schema.ts';
import { getMe, updatePrivacy } from '../../users/users.service.ts';
import * as digestRepo from './digest.repository.ts';
import * as repo from './notification-settings.repository.ts';

/**
 * The choices of a member who never chose: pushes of what is addressed to them (messages, matches,
 * requests, comments, payments; ratings and visits only on request), full texts, no quiet hours,
 * the e-mail digest on (it only goes while no device of theirs receives push).
 */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  push: [...NOTIFICATION_KINDS_ON_BY_DEFAULT],
  discreet: false,
  quietHours: null,
  timeZone: 'UTC',
  emailDigest: true,
};

const KNOWN_KINDS: ReadonlySet<string> = new Set(NOTIFICATION_KINDS);

/** The kinds in NOTIFICATION_KINDS's order, each once; a kind a later release dropped is left out. */
function orderedKinds(kinds: readonly string[]): NotificationKind[] {
  const chosen = new Set(kinds.filter((kind) => KNOWN_KINDS.has(kind)));
  return NOTIFICATION_KINDS.filter((kind) => chosen.has(kind));
}

/**
 * A member's choices from their row (null: the defaults) and their discreet mode: `discreet` is a view
 * of the users feature's `users.discreet`, the one setting of Settings > Privacy (docs/discreet-mode.md).
 */
function settingsOf(row: NotificationSettingsRow | null, discreet: boolean): NotificationSettings {
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS, discreet };
  return {
    push: orderedKinds(row.pushKinds),
    discreet,
    quietHours:
      row.quietStart === null || row.quietEnd === null ? null : { start: row.quietStart, end: row.quietEnd },
    timeZone: row.timeZone,
    emailDigest: row.emailDigest,
  };
}

function columnsOf(settings: NotificationSettingsUpdate): Partial<repo.SettingsColumns> {
  const columns: Partial<repo.SettingsColumns> = {};
  if (settings.push !== undefined) columns.pushKinds = orderedKinds(settings.push);
  if (settings.quietHours !== undefined) {
    columns.quietStart = settings.quietHours?.start ?? null;
    columns.quietEnd = settings.quietHours?.end ?? null;
  }
  if (settings.timeZone !== undefined) columns.timeZone = settings.timeZone;
  if (settings.emailDigest !== undefined) columns.emailDigest = settings.emailDigest;
  return columns;
}

/** The defaults as the table's columns: what a member's first row holds besides what they chose. */
export const DEFAULT_SETTINGS_COLUMNS = columnsOf(DEFAULT_NOTIFICATION_SETTINGS) as repo.SettingsColumns;

/** These members' choices (the defaults for who never chose), in one query whatever their number. */
export async function notificationSettingsOfMany(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, NotificationSettings>> {
  const found = await repo.findSettingsOfMembers(db, userIds);
  const byUser = new Map(found.map(({ userId, row, discreet }) => [userId, settingsOf(row, discreet)]));
  return new Map(userIds.map((id) => [id, byUser.get(id) ?? DEFAULT_NOTIFICATION_SETTINGS]));
}

/** The member's choices: what the push worker and the digest follow. */
export async function notificationSettingsOf(db: DbOrTx, userId: string): Promise<NotificationSettings> {
  const [found] = await repo.findSettingsOfMembers(db, [userId]);
  return found ? settingsOf(found.row, found.discreet) : DEFAULT_NOTIFICATION_SETTINGS;
}

/**
 * Changes the choices the update names (the others stay) and returns them all. `discreet` changes the
 * member's discreet mode through the users feature, in the same transaction.
 */
export async function updateNotificationSettings(
  db: Db,
  userId: string,
  update: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  return db.transaction(async (tx) => {
    const { discreet } =
      update.discreet === undefined
        ? await getMe(tx, userId)
        : await updatePrivacy(tx, userId, { discreet: update.discreet });
    const row = await repo.upsertSettings(tx, userId, DEFAULT_SETTINGS_COLUMNS, columnsOf(update));
    return settingsOf(row, discreet);
  });
}

/** Who a digest's unsubscribe token names (the confirmation page), or undefined. */
export function digestUnsubscribeTarget(
  db: DbOrTx,
  token: string,
): Promise<digestRepo.UnsubscribeTarget | undefined> {
  return digestRepo.findUnsubscribeTarget(db, token);
}

/** The digest's one-click unsubscribe: off for the member the token names (undefined: nobody). */
export function unsubscribeFromDigest(
  db: DbOrTx,
  token: string,
): Promise<digestRepo.UnsubscribeTarget | undefined> {
  return digestRepo.turnDigestOffByToken(db, token);
}
