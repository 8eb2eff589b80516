import { ageOn } from '@motema/shared/dates';
import { publicNameOf } from '@motema/shared/member-name';
import { clock } from '../../lib/clock.ts';
import type { LinkPreviewSource } from '../../link-previews-port.ts';
import { mediaUrl, previewImageAt } from '../media/media.presenter.ts';
import { visitorProfile } from './profiles.service.ts';

/**
 * A shared link to a member's profile (link-previews-port.ts): what GET /api/users/{id} shows a
 * visitor, cut down to their public name, age, about text and avatar. Never the last name, a place
 * or a distance; the neutral card for anyone a visitor may not open (discreet mode included).
 */
export const profileLinkPreview: LinkPreviewSource = {
  path: '/profile/:id',
  preview: async (db, memberId) => {
    const view = await visitorProfile(db, memberId);
    if (!view) return undefined;
    const { avatar } = view;
    return {
      kind: 'member',
      name: publicNameOf(view),
      age: ageOn(view.dateOfBirth, clock.now()),
      text: view.about,
      image: avatar && previewImageAt(avatar.variants, (variant) => mediaUrl(avatar.id, variant)),
    };
  },
};
