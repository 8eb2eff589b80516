import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import { zonesAccountRemovalHook } from './account-removal-hook.ts';
import { zoneInvitesRoutes } from './zone-invites.routes.ts';
import { zoneMembersRoutes } from './zone-members.routes.ts';
import { zonesNotifications } from './zones-notifications.service.ts';
import { zoneReportTargets } from './zone-reports.service.ts';
import { zonesRoutes } from './zones.routes.ts';
import { zoneModerationSubject } from './moderation-subject.service.ts';
import { zoneLinkPreview } from './zone-link-preview.ts';

export const zonesModule: FeatureModule = {
  name: 'zones',
  routes: [routes(zonesRoutes), routes(zoneMembersRoutes), routes(zoneInvitesRoutes)],
  // A public zone's page and its cover's files, which a visitor may open (the web's guard lets
  // visitors open /zone); a private zone answers a visitor 404 zone_not_found (zones.policy.ts).
  publicRoutes: ['GET /api/zones/:id', 'GET /api/zones/:id/cover/:file'],
  // A report of a zone (safety's POST /api/reports): whether the reporter may report it.
  provides: { reportedZones: zoneReportTargets },
  // A reported zone: the case's snapshot, and a moderator's removal.
  moderationSubjects: [zoneModerationSubject],
  // A shared link to a zone: its preview card, of what a visitor may see.
  linkPreviews: [zoneLinkPreview],
  // Requests to join (to the zone's admins and managers), their answers (to the applicant), and its
  // new posts (to its members).
  notifications: zonesNotifications,
  // A member's deletion: the zones they were in count them no more.
  accountHooks: [zonesAccountRemovalHook],
};
