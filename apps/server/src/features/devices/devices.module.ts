import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import { appLinksRoutes } from './app-links.routes.ts';
import { registerClientLogs } from './client-logs-realtime.ts';
import { registerDevicesRealtime } from './devices-realtime.ts';
import { devicesRoutes } from './devices.routes.ts';
import {
  VISITOR_RETENTION_OFFER_MS,
  sendVisitorRetention,
  workVisitorRetention,
} from './visitors-retention.service.ts';
import { visitorsRoutes } from './visitors.routes.ts';

export const devicesModule: FeatureModule = {
  name: 'devices',
  routes: [
    routes(devicesRoutes),
    routes(visitorsRoutes),
    // Outside /api: the files that let links to the site open the installed apps (no session read).
    routes(appLinksRoutes, ({ deps }) => ({ env: deps.env }), ''),
  ],
  publicRoutes: [
    // Each install of the app registers itself, a visitor's too (SPEC section 7); a session ties it to the member.
    'POST /api/devices',
    // A visit of someone not connected (SPEC section 3): nothing naming them is kept, no IP address.
    'POST /api/visitors',
  ],
  // A newer build told to an older install at its handshake; the apps' logs into the server log.
  realtime: ({ deps, limiter, realtime }) => {
    registerDevicesRealtime(realtime, deps.env.APP_MIN_BUILD);
    registerClientLogs(realtime, { limiter });
  },
  workers: async ({ deps }) => workVisitorRetention(deps),
  periodic: [
    // Visits of people not connected are kept VISITOR_RETENTION_DAYS (the privacy policy says so).
    {
      name: 'sending the visitors retention sweep',
      everyMs: VISITOR_RETENTION_OFFER_MS,
      atStart: true,
      run: ({ deps }) => sendVisitorRetention(deps.jobs),
    },
  ],
};
