import { ageOn } from '@motema/shared/dates';
import { MIN_AGE } from '@motema/shared/limits';
import type { InterfaceLanguage } from '@motema/shared/languages';
import type { MatchPreferences, PrivacyUpdate, ProfileUpdate } from '@motema/shared/users';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { requireOwnPhoto } from '../media/media.service.ts';
import { underage } from './users.errors.ts';
import * as repo from './users.repository.ts';
import type { MeRow } from './users.repository.ts';

/** The member's row with their avatar photo, as presentMe shows them (other features' services return it). */
export type { MeRow };

/** What the users services need from the app. */
export type UsersDeps = Pick<AppDeps, 'db' | 'jobs' | 'events'>;

/** The member behind a live session, with their avatar photo; 401 when the row is gone (deleted meanwhile). */
export async function getMe(db: DbOrTx, userId: string): Promise<MeRow> {
  const user = await repo.findMeById(db, userId);
  if (!user) throw unauthorized();
  return user;
}

async function update(
  db: DbOrTx,
  userId: string,
  changes: Parameters<typeof repo.updateUser>[2],
): Promise<MeRow> {
  const user = await repo.updateUser(db, userId, changes, clock.now());
  if (!user) throw unauthorized();
  return getMe(db, userId);
}

export async function changeLanguage(db: Db, userId: string, language: InterfaceLanguage): Promise<MeRow> {
  return update(db, userId, { language });
}

/**
 * Replaces the profile fields (PUT): only these columns are written, whatever else the body held.
 * The age is checked again against the server's clock (Z6), not only by the shared schema.
 */
export async function updateProfile(db: Db, userId: string, input: ProfileUpdate): Promise<MeRow> {
  if (!(ageOn(input.dateOfBirth, clock.now()) >= MIN_AGE)) throw underage();
  return update(db, userId, {
    firstName: input.firstName,
    lastName: input.lastName || null,
    dateOfBirth: input.dateOfBirth,
    sex: input.sex,
    relationship: input.relationship ?? null,
    orientation: input.orientation ?? null,
    about: input.about,
  });
}

export async function updateMatchPreferences(
  db: Db,
  userId: string,
  input: MatchPreferences,
): Promise<MeRow> {
  return update(db, userId, {
    matchSex: [...new Set(input.sex)],
    matchAgeMin: input.ageMin,
    matchAgeMax: input.ageMax,
    matchDistance: input.distance,
    matchVerifiedOnly: input.verifiedOnly,
  });
}

/**
 * Settings > Privacy: discreet mode (docs/discreet-mode.md), the one setting behind the lists, the
 * cards' activity and distance, and the neutral pushes (Settings > Notifications shows the same value).
 */
export async function updatePrivacy(db: DbOrTx, userId: string, input: PrivacyUpdate): Promise<MeRow> {
  return update(db, userId, { discreet: input.discreet });
}

/**
 * Sets the avatar to one of the member's own photos (404 otherwise, as media answers), or clears it
 * with null. The photo stays locked against its deletion until the avatar points at it. A verified
 * member's new main photo puts their badge on hold (docs/verification.md): the badge goes in the same
 * statement, and `verification.held` asks a moderator to confirm the new photo. Clearing the avatar
 * shows no new face and keeps the badge.
 */
export async function setAvatar(
  { db, events }: Pick<UsersDeps, 'db' | 'events'>,
  userId: string,
  photoId: string | null,
): Promise<MeRow> {
  const { me, held } = await db.transaction(async (tx) => {
    if (photoId !== null) await requireOwnPhoto(tx, userId, photoId);
    const before = await repo.lockAvatarAndBadge(tx, userId);
    if (!before) throw unauthorized();
    const held = photoId !== null && before.verifiedAt !== null && before.avatarPhotoId !== photoId;
    const changes = held ? { avatarPhotoId: photoId, verifiedAt: null } : { avatarPhotoId: photoId };
    return { me: await update(tx, userId, changes), held };
  });
  if (held) await events.emit('verification.held', { userId });
  return me;
}

/** The member's first socket connected (true) or last one left (false): both count as activity. */
export async function recordPresence(db: DbOrTx, userId: string, connected: boolean): Promise<void> {
  await repo.setPresence(db, userId, connected, clock.now());
}

// The columns of users that other features compute: written here, the one writer of the table.

/** Discovery's popularity of a member, inside its transaction (the member's row locked by it). */
export async function setPopularity(db: DbOrTx, memberId: string, popularity: number): Promise<void> {
  await repo.setPopularity(db, memberId, popularity);
}

/** Discovery's popularity of many members (a member's deletion), their rows locked by its transaction. */
export async function setPopularities(db: DbOrTx, popularity: ReadonlyMap<string, number>): Promise<void> {
  await repo.setPopularities(db, popularity);
}

/**
 * Discovery's snapped position of a member, stored unless it changed less than `intervalMs` ago
 * (atomically): false when refused.
 */
export async function storePosition(
  db: DbOrTx,
  memberId: string,
  position: { latitude: number; longitude: number },
  at: Date,
  intervalMs: number,
): Promise<boolean> {
  return repo.storePosition(db, memberId, position, at, intervalMs);
}

/**
 * The verification feature's decision: the badge from `at` on (an approved selfie, or a confirmed new
 * main photo), which also lifts a moderator's "require verification".
 */
export async function markVerified(db: DbOrTx, memberId: string, at: Date): Promise<void> {
  await repo.updateUser(db, memberId, { verifiedAt: at, verificationRequired: false }, at);
}

/** The member opened their notifications at `at`: the badge counts from then. */
export async function setNotificationsSeenAt(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await repo.setNotificationsSeenAt(db, userId, at);
}
