import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { LiveRendition } from '@motema/shared/lives';
import type { MediaStorage } from '../../../lib/storage.ts';
import { FRAME_PATTERN, LIVE_FILE_PATTERN, PLAYLIST_SEGMENTS, playlistName } from './live-encoder-args.ts';
import { contentTypeOf, liveKey, playlistFiles, playlistSegments } from './live-files.ts';

/**
 * Moves what a live's ffmpeg writes in its work folder into the media storage (`lives/<id>/`), local
 * disk or S3 alike: each new segment first, then a playlist once every segment it lists is there (a
 * viewer never reads a playlist naming a segment not yet stored), frames to `lives/<id>/frames/`.
 * Segments out of the playlists' window are removed from storage, except those of `kept` (the
 * rendition a broadcaster may keep as a post). ffmpeg writes segments, playlists and frames under a
 * temporary name and renames them whole (hls_flags temp_file, image2's atomic_writing): a file seen
 * here is complete; an init segment is written in place, and taken once a playlist names it.
 */
export type LivePublisher = {
  /** One pass over the folder (called every PUBLISH_INTERVAL_MS, and once more after ffmpeg exits). */
  publish: () => Promise<void>;
};

/** How often the work folder is read: at most this much of the camera-to-viewer delay. */
export const PUBLISH_INTERVAL_MS = 200;

export function createLivePublisher(input: {
  storage: Pick<MediaStorage, 'put' | 'deletePrefix'>;
  liveId: string;
  workDir: string;
  renditions: readonly LiveRendition[];
  kept: readonly LiveRendition[];
  /** Every rendition's playlist is stored with at least one segment: the live may go on air. */
  onAllPlaying: () => void;
  /** A frame stored under `key`. */
  onFrame: (key: string) => Promise<void>;
}): LivePublisher {
  const stored = new Set<string>();
  const playlists = new Map<LiveRendition, string>();
  /** Each rendition's stored segments, oldest first, for the window's removals. */
  const segments = new Map<LiveRendition, string[]>(input.renditions.map((r) => [r, []]));
  let allPlaying = false;
  const key = (name: string) => liveKey(input.liveId, name);

  async function store(name: string, storageKey: string): Promise<void> {
    const file = path.join(input.workDir, name);
    await input.storage.put(storageKey, await readFile(file), contentTypeOf(name));
    // The work folder holds only what is not yet stored: a live's disk use stays a few segments.
    await rm(file, { force: true });
  }

  async function publishPlaylist(rendition: LiveRendition): Promise<void> {
    const name = playlistName(rendition);
    const text = await readFile(path.join(input.workDir, name), 'utf8').catch(() => null);
    if (text === null || text === playlists.get(rendition)) return;
    // The init segment is written in place (not renamed whole): it is complete once a playlist names it.
    for (const file of playlistFiles(text)) {
      if (file.endsWith('-init.mp4') && !stored.has(file) && LIVE_FILE_PATTERN.test(file)) {
        await store(file, key(file));
        stored.add(file);
      }
    }
    if (!playlistFiles(text).every((file) => stored.has(file))) return;
    await input.storage.put(key(name), Buffer.from(text), contentTypeOf(name));
    playlists.set(rendition, text);
    if (!input.kept.includes(rendition)) await dropOutOfWindow(rendition, playlistSegments(text));
  }

  async function dropOutOfWindow(rendition: LiveRendition, listed: string[]): Promise<void> {
    const all = segments.get(rendition)!;
    const oldestListed = listed[0];
    const cut = oldestListed ? all.indexOf(oldestListed) - PLAYLIST_SEGMENTS : -1;
    // A window's worth more stays for a viewer still reading the previous playlist.
    for (const old of cut > 0 ? all.splice(0, cut) : []) await input.storage.deletePrefix(key(old));
  }

  return {
    async publish() {
      const names = (await readdir(input.workDir).catch(() => [] as string[])).sort();
      for (const name of names) {
        if (stored.has(name)) continue;
        if (FRAME_PATTERN.test(name)) {
          const frameKey = key(`frames/${name}`);
          await store(name, frameKey);
          stored.add(name);
          await input.onFrame(frameKey);
          continue;
        }
        const match = LIVE_FILE_PATTERN.exec(name);
        if (!match || !name.endsWith('.m4s')) continue;
        await store(name, key(name));
        stored.add(name);
        segments.get(match[1] as LiveRendition)?.push(name);
      }
      for (const rendition of input.renditions) await publishPlaylist(rendition);
      if (!allPlaying && input.renditions.every((r) => playlistSegments(playlists.get(r) ?? '').length > 0)) {
        allPlaying = true;
        input.onAllPlaying();
      }
    },
  };
}
