import { ageOn } from '@motema/shared/dates';
import type { Me } from '@motema/shared/users';
import { presentImage } from '../media/media.presenter.ts';
import type { MeRow } from './users.repository.ts';

/** The member as they see themself: the only place a users row becomes JSON for its owner. */
export function presentMe(user: MeRow): Me {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone,
    firstName: user.firstName,
    lastName: user.lastName,
    name,
    dateOfBirth: user.dateOfBirth,
    age: ageOn(user.dateOfBirth),
    sex: user.sex,
    relationship: user.relationship as Me['relationship'],
    orientation: user.orientation as Me['orientation'],
    about: user.about,
    language: user.language,
    avatar: user.avatarPhoto ? presentImage(user.avatarPhoto) : null,
    popularity: user.popularity,
    locationShared: user.latitude !== null,
    match: {
      sex: user.matchSex as Me['match']['sex'],
      ageMin: user.matchAgeMin,
      ageMax: user.matchAgeMax,
      distance: user.matchDistance,
      verifiedOnly: user.matchVerifiedOnly,
    },
    role: user.role,
    verified: user.verifiedAt !== null,
    verificationRequired: user.verificationRequired,
    discreet: user.discreet,
    connected: user.connected,
    lastActivity: user.lastActivity?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
