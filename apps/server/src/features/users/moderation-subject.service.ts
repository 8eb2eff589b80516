import { ageOn } from '@motema/shared/dates';
import { clock } from '../../lib/clock.ts';
import type { ModerationSubject } from '../../moderation-subjects-port.ts';
import * as repo from './users.repository.ts';

/**
 * A reported member as a moderation subject (decision 0045): their profile as it is (username, first
 * name, age, about, photos); a moderator's `remove_content` empties the about, the profile's own text
 * (a photo is a subject of its own, the media feature's).
 */
export const memberModerationSubject: ModerationSubject = {
  kind: 'member',
  async snapshot(db, id) {
    const member = await repo.findUserById(db, id);
    if (!member) return undefined;
    return {
      memberId: member.id,
      text: member.about,
      media: (await repo.findPhotoVariants(db, member.id)).flatMap((variants) => {
        const widest = [...variants].sort((a, b) => b.width - a.width)[0];
        return widest ? [{ key: widest.key, kind: 'photo' as const }] : [];
      }),
      profile: {
        username: member.username,
        firstName: member.firstName,
        age: ageOn(member.dateOfBirth, clock.now()),
        about: member.about,
      },
    };
  },
  async remove({ tx }, id) {
    return !!(await repo.updateUser(tx, id, { about: '' }, clock.now()));
  },
};
