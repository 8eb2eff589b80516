import type { ReportedZones } from '../safety/safety.service.ts';
import { requireRight, zoneFor, zoneNotAllowed } from './zone-access.ts';

/**
 * The safety feature's zone reports (provided by zones.module.ts): a zone whose page the reporter may
 * see (404 zone_not_found otherwise, as for one that does not exist), reported by anyone but its own
 * admins, who change or delete it instead (403 zone_not_allowed).
 */
export const zoneReportTargets: ReportedZones = {
  async requireZone(tx, reporterId, zoneId) {
    const context = await zoneFor(tx, zoneId, reporterId);
    requireRight(context, 'view_page');
    if (context.role === 'admin') throw zoneNotAllowed();
  },
};
