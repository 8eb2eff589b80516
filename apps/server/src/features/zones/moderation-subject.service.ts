import type { ModerationSubject } from '../../moderation-subjects-port.ts';
import { removeMediaItems } from '../media/media-items.service.ts';
import * as repo from './zones.repository.ts';

/**
 * A reported zone as a moderation subject (decision 0045): its name and description for the
 * snapshot (no one member: a zone's case names none); a moderator's removal deletes it as its admin
 * would, its posts and their files with it.
 */
export const zoneModerationSubject: ModerationSubject = {
  kind: 'zone',
  async snapshot(db, id) {
    const zone = await repo.findZone(db, id);
    if (!zone) return undefined;
    return { memberId: null, text: `${zone.title}\n\n${zone.description}`, media: [], profile: null };
  },
  async remove({ tx, jobs }, id) {
    const zone = await repo.findZone(tx, id, true);
    if (!zone) return false;
    const itemIds = await repo.findPostMediaIds(tx, zone.id);
    if (zone.coverItemId) itemIds.push(zone.coverItemId);
    await repo.deleteZone(tx, zone.id);
    await removeMediaItems(tx, jobs, itemIds);
    return true;
  },
};
