import type { FeatureModule } from '../../lib/feature-module.ts';
import { page } from '../../lib/feature-routes.tsx';

/** The block list and reporting a profile or a zone, in Settings. */
export const safetyFeature: FeatureModule = {
  name: 'safety',
  routes: (slots) => ({
    settings: [
      page('block-list', () => import('./block-list-page.tsx'), 'BlockListPage'),
      page(
        // A member's report (`profile`), or a zone's (its page's Report item: no member to forget or block).
        'report/:kind/:id',
        // The report page takes another feature's forgetting of the reported member (slots): the
        // lists the app returns to no longer show them.
        () =>
          Promise.all([import('./report-page.tsx'), slots.forgetReportedMember?.()]).then(
            ([report, forgetReported]) => ({
              Page: () => <report.ReportPage forgetReported={forgetReported} />,
            }),
          ),
        'Page',
      ),
    ],
  }),
};
