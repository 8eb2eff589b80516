import type { FeatureContext } from '../../../modules/feature-module.ts';
import type { LiveMedia, LiveMediaListeners } from '../live-media.ts';

/**
 * This node's live encoder (docs/lives.md). For now it holds no media: a live goes on air at its
 * first chunk and nothing is encoded or served.
 */
export function createLiveMedia(_context: FeatureContext, listeners: LiveMediaListeners): LiveMedia {
  const open = new Map<string, number>();
  return {
    open: async (liveId, { audioOnly }) => {
      open.set(liveId, 0);
      return { renditions: audioOnly ? ['audio'] : ['360p', '240p', 'audio'] };
    },
    push: async (liveId, seq) => {
      if (open.get(liveId) !== seq) throw new Error('live_chunk_out_of_order');
      open.set(liveId, seq + 1);
      if (seq === 0) listeners.onAir(liveId);
    },
    close: async (liveId) => {
      open.delete(liveId);
    },
    active: () => [...open.keys()],
  };
}
