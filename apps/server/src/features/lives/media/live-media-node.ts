import type { AppDeps } from '../../../deps.ts';
import type { FeatureContext } from '../../../modules/feature-module.ts';
import type { LiveMedia, LiveMediaListeners } from '../live-media.ts';
import { createLiveMedia } from './create-live-media.ts';
import { markInterrupted, markOnAir } from './live-media.repository.ts';

/** Each app's one encoder host (an app is a node; the tests build several in one process). */
const nodes = new WeakMap<AppDeps, LiveMedia>();

/**
 * What a live's media tells its rules when no other listeners were given: on air, the live is
 * `live`; lost, it ends as `interrupted` and its files go. The lives service gives its own (which
 * also tell the watchers: `lives:on-air`, `lives:ended`).
 */
export function statusListeners(
  context: Pick<FeatureContext, 'deps' | 'log'>,
  media: () => LiveMedia,
): LiveMediaListeners {
  const { db } = context.deps;
  const fail = (error: unknown) => context.log.error({ err: error }, 'live status update failed');
  return {
    onAir: (liveId) => void markOnAir(db, liveId).catch(fail),
    onLost: (liveId) =>
      void markInterrupted(db, liveId)
        .then(() => media().close(liveId, { keep: false }))
        .catch(fail),
  };
}

/** This node's LiveMedia, made at its first use with `listeners` (by default statusListeners). */
export function liveMediaOf(
  context: Pick<FeatureContext, 'deps' | 'log'>,
  listeners?: (media: () => LiveMedia) => LiveMediaListeners,
): LiveMedia {
  let media = nodes.get(context.deps);
  if (!media) {
    const self = () => media!;
    media = createLiveMedia(context, (listeners ?? ((m) => statusListeners(context, m)))(self));
    nodes.set(context.deps, media);
  }
  return media;
}
