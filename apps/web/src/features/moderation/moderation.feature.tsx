import type { FeatureModule } from '../../lib/feature-module.ts';
import { page } from '../../lib/feature-routes.tsx';

/**
 * The moderation console (docs/moderation.md), its own chunks, never loaded for members (bar B5);
 * every console route of the server answers a member 404. For now: the verification queue.
 */
export const moderationFeature: FeatureModule = {
  name: 'moderation',
  routes: () => ({
    member: [
      page(
        '/moderation/verifications',
        () =>
          import('./verifications/verification-queue-page.tsx').then((queue) => ({
            VerificationQueuePage: queue.default,
          })),
        'VerificationQueuePage',
        ['verification'],
      ),
    ],
  }),
};
