import { randomUUID } from 'node:crypto';
import type { TemplateInputs } from '../../../db/statement-templates.ts';
import type { Viewer } from '../../discovery/discovery.policy.ts';
import { viewerProbe, viewerShape, viewerValues } from '../../discovery/viewer-values.policy.ts';
import type { Keyset } from '../post-cursor.ts';

/**
 * The feed's page as statement templates see it (db/statement-templates.ts, QUALITY B8): Drizzle
 * building the page's statement (`feedPageQuery`: four branches, the near members, the posts
 * policies) cost about a millisecond of CPU a request. Its input is the viewer (discovery's values:
 * `wantedBy`, `withinKm`, `hiddenMembersOf`, `matchedMembersOf`, `postShownTo`, `requestedSql` all
 * take the viewer's id, birth dates, position and distance), the cursor and the limit.
 */
export type FeedInput = { viewer: Viewer; after: Keyset | undefined; limit: number };

export const feedInputs: TemplateInputs<FeedInput> = {
  namedValues: ({ viewer, after, limit }) => {
    const values = viewerValues(viewer).set('limit', limit);
    // The cursor's time as the statement sends it (`outsideZonesBefore`): text, cast there.
    if (after) values.set('afterCreatedAt', after.createdAt.toISOString()).set('afterId', after.id);
    return values;
  },
  // A first page has no cursor's condition in any branch: another text.
  shapeOf: ({ viewer, after }) => `${viewerShape(viewer)}|${after ? 'after' : 'first'}`,
  probeOf: ({ viewer, after, limit }, step) => ({
    viewer: viewerProbe(viewer, step),
    // toISOString throws on a time out of range: that shape stays Drizzle's.
    after: after && { createdAt: new Date(after.createdAt.getTime() - step * 7_654_321), id: randomUUID() },
    limit: limit + step * 3,
  }),
};
