import { ageOn } from '@motema/shared/dates';
import {
  distanceBucket,
  type Activity,
  type MatchEvent,
  type Profile,
  type UserCard,
  type UserList,
} from '@motema/shared/discovery';
import { publicNameOf } from '@motema/shared/member-name';
import type { Orientation, Relationship } from '@motema/shared/users';
import type { MatchRow, PhotoRow } from '../../db/schema.ts';
import { presentAvatar, presentImage } from '../media/media.presenter.ts';
import type { CardRow } from './user-lists.repository.ts';
import type { ProfileRow } from './members.repository.ts';

const HOUR_MS = 3_600_000;

/** "Active recently" instead of a timestamp: online now, within 24 hours, within 7 days, or earlier. */
export function activityOf(connected: boolean, lastActivity: Date | null, now: Date): Activity {
  if (connected) return 'online';
  if (!lastActivity) return 'earlier';
  const ago = now.getTime() - lastActivity.getTime();
  if (ago < 24 * HOUR_MS) return 'today';
  if (ago < 7 * 24 * HOUR_MS) return 'week';
  return 'earlier';
}

/**
 * A card's member with the avatar photo found for it; on the swap deck also the photos it leafs
 * through (the avatar first) and the about text of its bio line.
 */
export type MemberView = CardRow & { avatar: PhotoRow | null; deck?: DeckExtras };
export type DeckExtras = { photos: PhotoRow[]; about: string };
export type ProfileView = ProfileRow & {
  avatar: PhotoRow | null;
  /** Only for a member looking (a visitor sees identity and about text only). */
  member: { photos: PhotoRow[]; rating: { mine: number | null; matched: boolean } } | null;
};

function identity(row: MemberView, now: Date) {
  return {
    _id: row.id,
    username: row.username,
    firstName: row.firstName,
    name: publicNameOf(row),
    age: ageOn(row.dateOfBirth, now),
    sex: row.sex,
    verified: row.verifiedAt !== null,
  };
}

/**
 * Another member as a card (QUALITY Z2): age, never the birth date; a distance bucket, never
 * coordinates or an exact distance; activity as a bucket; the slim avatar (thumbnail and placeholder,
 * bar B6); nothing else of the row. A deck's card (`deck`) adds its photos whole and the about text.
 */
export function presentCard(row: MemberView, now: Date): UserCard {
  // One object literal, no spreads: a page builds 96 of these and the response serializer walks them;
  // spread-built cards cost ten times as much (about 3.5 µs each, QUALITY B1).
  const card: UserCard = {
    _id: row.id,
    username: row.username,
    firstName: row.firstName,
    name: publicNameOf(row),
    age: ageOn(row.dateOfBirth, now),
    sex: row.sex,
    verified: row.verifiedAt !== null,
    avatar: row.avatar && presentAvatar(row.avatar),
    activity: activityOf(row.connected, row.lastActivity, now),
    distance: row.distanceKm === null ? null : distanceBucket(row.distanceKm),
  };
  if (row.deck) {
    card.photos = row.deck.photos.map(presentImage);
    card.about = row.deck.about;
  }
  return card;
}

export function presentUserList(list: { members: MemberView[]; count: number }, now: Date): UserList {
  return { users: list.members.map((row) => presentCard(row, now)), count: list.count };
}

/** A profile page: identity and about text for visitors; members also see photos, facts and their rating. */
export function presentProfile(view: ProfileView, now: Date): Profile {
  const base = {
    ...identity(view, now),
    avatar: view.avatar && presentImage(view.avatar),
    about: view.about,
  };
  if (!view.member) return base;
  return {
    ...base,
    relationship: view.relationship as Relationship | null,
    orientation: view.orientation as Orientation | null,
    activity: activityOf(view.connected, view.lastActivity, now),
    distance: view.distanceKm === null ? null : distanceBucket(view.distanceKm),
    photos: view.member.photos.map(presentImage),
    rating: view.member.rating,
  };
}

export function presentMatchEvent(other: MemberView, match: MatchRow, now: Date): MatchEvent {
  return {
    user: presentCard(other, now),
    match: { _id: match.id, createdAt: match.createdAt.toISOString() },
    status: 'matched',
  };
}
