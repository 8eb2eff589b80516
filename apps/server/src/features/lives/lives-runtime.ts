import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../db/client.ts';
import type { AppEventPort } from '../../app-events.ts';
import type { Env } from '../../env.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { FeatureContext } from '../../modules/feature-module.ts';
import type { LiveMedia } from './live-media.ts';
import { liveMediaOf } from './media/live-media-node.ts';
import { endLive, markOnAir } from './lives.service.ts';

/** What the lives' services work with: the app's, and this node's encoder and name. */
export type LivesDeps = {
  db: Db;
  events: AppEventPort;
  env: Pick<Env, 'LIVE_MIN_ACCOUNT_DAYS' | 'NEW_ACCOUNT_STRANGER_MESSAGES_PER_HOUR'>;
  limiter: RateLimiter;
  media: LiveMedia;
  /** This node's name, kept in `lives.node` for the lives its encoder holds (docs/scaling.md). */
  node: string;
};

const runtimes = new WeakMap<FeatureContext['deps'], LivesDeps>();

/**
 * The app's one LiveMedia and node name, made the first time a part of the module asks (routes,
 * sockets, subscribers and the periodic sweep share them). The media side tells the service when a
 * live is on air or its encoder was lost.
 */
export function livesOf(context: Pick<FeatureContext, 'deps' | 'limiter' | 'log'>): LivesDeps {
  const found = runtimes.get(context.deps);
  if (found) return found;
  const { db, events, env } = context.deps;
  const report = (error: unknown) => context.log.error({ err: error }, 'a live’s media event failed');
  const deps: LivesDeps = {
    db,
    events,
    env,
    limiter: context.limiter,
    node: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    media: undefined as unknown as LiveMedia,
  };
  // The node's one encoder host (media/live-media-node.ts), which the chunks' handler feeds too.
  deps.media = liveMediaOf(context, () => ({
    onAir: (liveId) => void markOnAir(deps, liveId).catch(report),
    // A lost encoder no longer holds the live: its files go here (as media/live-media-node.ts's own
    // listeners do), since the end only closes a live the encoder still holds.
    onLost: (liveId) =>
      void endLive(deps, liveId, 'interrupted')
        .then(() => deps.media.close(liveId, { keep: false }))
        .catch(report),
  }));
  runtimes.set(context.deps, deps);
  return deps;
}
