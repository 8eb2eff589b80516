import { ageOn } from '@motema/shared/dates';
import { MIN_AGE } from '@motema/shared/limits';
import type { InterfaceLanguage } from '@motema/shared/languages';
import type { MatchPreferences, ProfileUpdate } from '@motema/shared/users';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { underage, wrongPassword } from './users.errors.ts';
import * as repo from './users.repository.ts';
import type { MeRow } from './users.repository.ts';

/** What the users services need from the app. */
export type UsersDeps = Pick<AppDeps, 'db' | 'jobs' | 'events'>;

/** The member behind a live session, with their avatar photo; 401 when the row is gone (deleted meanwhile). */
export async function getMe(db: DbOrTx, userId: string): Promise<MeRow> {
  const user = await repo.findMeById(db, userId);
  if (!user) throw unauthorized();
  return user;
}

/** S5: the member's password asked again; 400 wrong_password with an issue on `path` otherwise. */
export async function requirePassword(db: DbOrTx, userId: string, password: string, path: string) {
  const user = await getMe(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) throw wrongPassword(path);
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
  });
}

/**
 * Sets (or clears) the avatar. The media feature checks first that the photo is the member's own,
 * in the same transaction.
 */
export async function setAvatarPhoto(tx: DbOrTx, userId: string, photoId: string | null): Promise<MeRow> {
  return update(tx, userId, { avatarPhotoId: photoId });
}

/** The member's first socket connected (true) or last one left (false): both count as activity. */
export async function recordPresence(db: DbOrTx, userId: string, connected: boolean): Promise<void> {
  await repo.setPresence(db, userId, connected, clock.now());
}
