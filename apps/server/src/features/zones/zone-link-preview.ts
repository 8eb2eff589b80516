import { unlessRefused } from '../../lib/app-error.ts';
import type { LinkPreviewSource } from '../../link-previews-port.ts';
import { previewImageAt, variantFileName } from '../media/media.presenter.ts';
import { zoneCoverBaseUrl } from './zones.presenter.ts';
import { getZone, zoneCovers } from './zones.service.ts';

/**
 * A shared link to a zone (link-previews-port.ts): what GET /api/zones/{id} shows a visitor (a public
 * zone), cut down to its title, its description and its cover at the route that serves it to
 * visitors. The neutral card for a private zone or one gone.
 */
export const zoneLinkPreview: LinkPreviewSource = {
  path: '/zone/:id',
  preview: async (db, zoneId) => {
    const context = await unlessRefused(getZone(db, null, zoneId));
    if (!context) return undefined;
    const { zone } = context;
    const cover = zone.coverItemId ? (await zoneCovers(db, [zone])).get(zone.coverItemId) : undefined;
    const image =
      cover?.image &&
      previewImageAt(cover.image, (variant) => `${zoneCoverBaseUrl(zone.id)}${variantFileName(variant)}`);
    return { kind: 'zone', name: zone.title, text: zone.description, image: image ?? null };
  },
};
