import type { ReportedContent } from '../safety/safety.service.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './media.repository.ts';

/**
 * The safety feature's reported photos (provided by media.module.ts): one the reporter may see, of
 * the member the report names; 404 not_found otherwise, as the photo's own files answer.
 */
export const photoReportTargets: ReportedContent = {
  async requireContent(tx, reporterId, target) {
    const photo = await repo.findViewablePhoto(tx, target.id, reporterId);
    if (photo?.ownerId !== target.user) throw new AppError(404, 'not_found');
  },
};
