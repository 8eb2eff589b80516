import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import { registerLiveChunks } from './media/live-chunks-realtime.ts';
import { liveMediaRoutes } from './media/live-hls.routes.ts';
import { liveKeptSweep } from './media/live-kept-sweep.ts';
import { liveMediaOf } from './media/live-media-node.ts';

/** Lives (docs/lives.md): going live, watching, the live's chat and reactions, and their moderation. */
export const livesModule: FeatureModule = {
  name: 'lives',
  // The live's HLS files (to whoever may watch it) and keeping it as a post (docs/lives.md "Media").
  routes: [routes(liveMediaRoutes)],
  // The broadcaster's recording, chunk by chunk, into this node's encoder.
  realtime: (context) =>
    registerLiveChunks(context.realtime, { db: context.deps.db, media: () => liveMediaOf(context) }),
  // Lives ended and not kept in time lose their files.
  periodic: [liveKeptSweep],
};
