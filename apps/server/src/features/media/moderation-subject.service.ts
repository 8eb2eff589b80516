import type { ModerationSubject } from '../../moderation-subjects-port.ts';
import { MEDIA_FILES_QUEUE, type MediaFilesJob } from './media.service.ts';
import * as repo from './media.repository.ts';

/**
 * A reported photo as a moderation subject (decision 0045): its widest variant for the snapshot; a
 * moderator's removal deletes it as its owner would, its files once the action commits.
 */
export const photoModerationSubject: ModerationSubject = {
  kind: 'photo',
  async snapshot(db, id) {
    const [photo] = await repo.findPhotosByIds(db, [id]);
    if (!photo) return undefined;
    const widest = [...photo.variants].sort((a, b) => b.width - a.width)[0];
    return {
      memberId: photo.ownerId,
      text: '',
      media: widest ? [{ key: widest.key, kind: 'photo' }] : [],
      profile: null,
    };
  },
  async remove({ tx, jobs }, id) {
    const [photo] = await repo.findPhotosByIds(tx, [id]);
    const row = photo && (await repo.deleteOwnPhoto(tx, photo.ownerId, id));
    if (!row) return false;
    const folders = new Set(
      row.variants.map((variant) => variant.key.slice(0, variant.key.lastIndexOf('/') + 1)),
    );
    for (const prefix of folders) await jobs.sendIn<MediaFilesJob>(tx, MEDIA_FILES_QUEUE, { prefix });
    return true;
  },
};
