import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LIVE_STALL_MS } from '@motema/shared/lives';
import { AppError } from '../../../lib/app-error.ts';
import { resolveFfmpegTools, type FfmpegTools } from '../../../lib/ffmpeg-tools.ts';
import type { FeatureContext } from '../../../modules/feature-module.ts';
import type { LiveMedia, LiveMediaListeners } from '../live-media.ts';
import { masterPlaylist, renditionsOf } from './live-encoder-args.ts';
import { startLiveEncoder, type LiveEncoder } from './live-encoder.ts';
import { liveKey } from './live-files.ts';
import { insertLiveFrame } from './live-media.repository.ts';
import { deleteLiveFiles, keptRenditionsOf } from './live-storage.ts';
import { createLivePublisher, PUBLISH_INTERVAL_MS, type LivePublisher } from './live-publisher.ts';

/** One live this node encodes. */
type Encoding = {
  encoder: LiveEncoder;
  publisher: LivePublisher;
  workDir: string;
  audioOnly: boolean;
  /** The next chunk expected. */
  next: number;
  /** Set once closed or lost: its chunks are refused, its exit is no loss. */
  over: boolean;
  poll: NodeJS.Timeout;
  stall: NodeJS.Timeout;
  /** The publisher's pass under way: passes never overlap. */
  publishing: Promise<void>;
};

/** ffmpeg is found once a process (finding it runs ffmpeg: decision 0031). */
let tools: FfmpegTools | undefined;

/**
 * This node's live encoder (docs/lives.md "Media", decision 0050): a live's ffmpeg child per live,
 * its chunks piped in order, its files published to the media storage as they are written. A lost
 * encoder (killed, crashed, its chunks stalled for LIVE_STALL_MS) is told to `listeners.onLost`,
 * never thrown: the server and the other lives go on.
 */
export function createLiveMedia(
  context: Pick<FeatureContext, 'deps' | 'log'>,
  listeners: LiveMediaListeners,
): LiveMedia {
  const { deps, log } = context;
  const encodings = new Map<string, Encoding>();

  const tell = (what: 'onAir' | 'onLost', liveId: string) => {
    try {
      listeners[what](liveId);
    } catch (error) {
      log.error({ err: error, liveId }, `live media: ${what} failed`);
    }
  };

  function lose(liveId: string, why: string): void {
    const encoding = encodings.get(liveId);
    if (!encoding || encoding.over) return;
    encoding.over = true;
    clearTimeout(encoding.stall);
    log.warn({ liveId, why }, 'live encoder lost');
    void encoding.encoder.stop().finally(() => tell('onLost', liveId));
  }

  function publishOnce(liveId: string, encoding: Encoding): Promise<void> {
    encoding.publishing = encoding.publishing
      .then(() => encoding.publisher.publish())
      .catch((error: unknown) => log.error({ err: error, liveId }, 'live media: publishing failed'));
    return encoding.publishing;
  }

  /** Stops a live's encoder (closed, or the app closing), then forgets it and removes its work folder. */
  async function stopEncoding(liveId: string, encoding: Encoding, { publishLast }: { publishLast: boolean }) {
    encoding.over = true;
    clearTimeout(encoding.stall);
    await encoding.encoder.stop();
    await (publishLast ? publishOnce(liveId, encoding) : encoding.publishing);
    clearInterval(encoding.poll);
    encodings.delete(liveId);
    await rm(encoding.workDir, { recursive: true, force: true });
  }

  return {
    open: async (liveId, { audioOnly }) => {
      if (encodings.has(liveId)) throw new Error(`live ${liveId} is already encoded here`);
      tools ??= resolveFfmpegTools(deps.env);
      const renditions = renditionsOf(audioOnly);
      const workDir = await mkdtemp(path.join(os.tmpdir(), 'motema-live-'));
      await deps.storage.put(
        liveKey(liveId, 'master.m3u8'),
        Buffer.from(masterPlaylist(renditions)),
        'application/vnd.apple.mpegurl',
      );
      const publisher = createLivePublisher({
        storage: deps.storage,
        liveId,
        workDir,
        renditions,
        kept: keptRenditionsOf(audioOnly),
        onAllPlaying: () => tell('onAir', liveId),
        onFrame: (key) => insertLiveFrame(deps.db, liveId, key),
      });
      const encoder = startLiveEncoder(tools, { audioOnly, workDir }, (result) => {
        const encoding = encodings.get(liveId);
        if (encoding && !encoding.over) {
          const why = result instanceof Error ? result.message : `exit ${result.code ?? result.signal}`;
          lose(liveId, `${why} ${result instanceof Error ? '' : result.stderr.slice(-500)}`);
        }
      });
      const encoding: Encoding = {
        encoder,
        publisher,
        workDir,
        audioOnly,
        next: 0,
        over: false,
        poll: setInterval(() => void publishOnce(liveId, encoding), PUBLISH_INTERVAL_MS).unref(),
        stall: setTimeout(() => lose(liveId, 'no chunk'), LIVE_STALL_MS).unref(),
        publishing: Promise.resolve(),
      };
      encodings.set(liveId, encoding);
      return { renditions };
    },

    push: async (liveId, seq, chunk) => {
      const encoding = encodings.get(liveId);
      if (!encoding || encoding.over) throw new AppError(404, 'live_not_found');
      if (seq !== encoding.next) throw new AppError(409, 'live_chunk_out_of_order');
      encoding.next += 1;
      encoding.stall.refresh();
      try {
        await encoding.encoder.write(chunk);
      } catch {
        // Its encoder is gone: the loss is being told (onLost); this chunk is refused.
        throw new AppError(404, 'live_not_found');
      }
    },

    close: async (liveId, { keep }) => {
      const encoding = encodings.get(liveId);
      // Its last segments (written as ffmpeg ended) are published too: a kept live is whole.
      if (encoding) await stopEncoding(liveId, encoding, { publishLast: true });
      await deleteLiveFiles(deps, liveId, { keep, audioOnly: encoding?.audioOnly ?? false });
    },

    active: () => [...encodings].filter(([, encoding]) => !encoding.over).map(([liveId]) => liveId),

    closeAll: async () => {
      await Promise.all(
        [...encodings].map(([liveId, encoding]) => stopEncoding(liveId, encoding, { publishLast: false })),
      );
    },
  };
}
