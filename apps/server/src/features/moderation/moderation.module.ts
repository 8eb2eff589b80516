import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import { appealsRoutes } from './appeals.routes.ts';
import { openFlaggedMessageCase, reportCases } from './case-merge.service.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { deleteExpiredEvidence, RETENTION_EVERY_MS } from './retention.service.ts';
import { moderationAccountRemovalHook } from './account-removal-hook.ts';

export const moderationModule: FeatureModule = {
  name: 'moderation',
  routes: [routes(moderationRoutes), routes(appealsRoutes)],
  // The link of a notice's mail works signed out (its token is the key).
  publicRoutes: ['GET /api/appeals/:token', 'POST /api/appeals/:token'],
  periodic: [
    {
      name: 'deleting expired moderation evidence',
      everyMs: RETENTION_EVERY_MS,
      run: ({ deps }) => deleteExpiredEvidence(deps),
    },
  ],
  // A message the scam shield flagged opens its case before anyone reports it.
  subscribers: ({ deps }) => {
    deps.events.on('chat.message.flagged', (flagged) => openFlaggedMessageCase(deps, flagged));
  },
  // A member's deletion: the cases they reported, weighed again without their reports.
  accountHooks: [moderationAccountRemovalHook],
  // Each report joins its subject's case, in safety's transaction.
  provides: { reportCases },
};
