import { clock } from '../../lib/clock.ts';
import * as repo from './cases.repository.ts';
import type { ModerationDeps } from './moderation-deps.ts';

const DAY_MS = 86_400_000;
/** The retention's run: hourly is more than enough for a period counted in days. */
export const RETENTION_EVERY_MS = 3_600_000;

/**
 * Deletes the snapshots (text, profile, copied pictures) of cases closed more than
 * MODERATION_RETENTION_DAYS ago; the case, its reports' link and the audit log stay.
 */
export async function deleteExpiredEvidence(deps: ModerationDeps): Promise<number> {
  const before = new Date(clock.now().getTime() - deps.env.MODERATION_RETENTION_DAYS * DAY_MS);
  const deleted = await repo.deleteExpiredSnapshots(deps.db, before);
  for (const { caseId } of deleted) await deps.storage.deletePrefix(`moderation/${caseId}/`);
  return deleted.length;
}
