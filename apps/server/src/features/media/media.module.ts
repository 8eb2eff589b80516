import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import {
  UNCLAIMED_SWEEP_OFFER_MS,
  sendUnclaimedSweep,
  workUnclaimedSweep,
} from './media-items-sweep.service.ts';
import { mediaItemsRoutes } from './media-items.routes.ts';
import {
  MEDIA_ITEM_FILES_QUEUE,
  removeMediaItemFiles,
  type MediaItemFilesJob,
} from './media-items.service.ts';
import { mediaRoutes } from './media.routes.ts';
import { photoModerationSubject } from './moderation-subject.service.ts';
import { photoReportTargets } from './photo-reports.service.ts';
import {
  MEDIA_FILES_QUEUE,
  removeMediaFiles,
  scheduleOwnerMediaRemoval,
  type MediaFilesJob,
} from './media.service.ts';

export const mediaModule: FeatureModule = {
  name: 'media',
  routes: [routes(mediaRoutes), routes(mediaItemsRoutes)],
  // A reported photo: the case's snapshot, and a moderator's removal.
  moderationSubjects: [photoModerationSubject],
  provides: { reportedPhotos: photoReportTargets },
  publicRoutes: [
    // Files answer 404 to anyone the owner's rules do not let see them, a visitor included, so that
    // an id reveals nothing (Z5); with a session the rules decide.
    'GET /api/media/:photoId/:file',
  ],
  subscribers: ({ deps }) => {
    // A deleted account's files go through durable jobs.
    deps.events.on('account.removed', ({ userId }) => scheduleOwnerMediaRemoval(deps.jobs, userId));
  },
  workers: async ({ deps }) => {
    await deps.jobs.work<MediaFilesJob>(MEDIA_FILES_QUEUE, (job) => removeMediaFiles(deps.storage, job));
    await deps.jobs.work<MediaItemFilesJob>(MEDIA_ITEM_FILES_QUEUE, (job) => removeMediaItemFiles(deps, job));
    await workUnclaimedSweep(deps);
  },
  periodic: [
    // Uploads no post or story took within a day go, rows and files: a sweep an hour (whichever node).
    {
      name: 'sending the unclaimed uploads sweep',
      everyMs: UNCLAIMED_SWEEP_OFFER_MS,
      atStart: true,
      run: ({ deps }) => sendUnclaimedSweep(deps.jobs),
    },
  ],
};
