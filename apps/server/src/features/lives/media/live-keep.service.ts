import { Readable } from 'node:stream';
import { LIVE_SEGMENT_SECONDS, type LiveKeep } from '@motema/shared/lives';
import type { AppDeps } from '../../../deps.ts';
import { AppError, badRequest } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import type { MediaStorage } from '../../../lib/storage.ts';
// Cross-feature (decision 0037: services, not tables): a kept live is an upload of the member's
// (media's pipeline and limits) made into a post (posts' rules), as if they had sent the file.
import { uploadMediaItem } from '../../media/media-uploads.service.ts';
import type { PostView } from '../../posts/post-views.service.ts';
import { createPost } from '../../posts/posts.service.ts';
import { liveKey } from './live-files.ts';
import { findBroadcastersLive, setKeptPost } from './live-media.repository.ts';
import { deleteLiveFiles, keptRenditionFor } from './live-storage.ts';

const segmentName = (rendition: string, index: number) =>
  `${rendition}-${String(index).padStart(5, '0')}.m4s`;

/** How many segments of `rendition` the live kept (numbered from 0 without a gap: it kept them all). */
async function countSegments(storage: MediaStorage, liveId: string, rendition: string): Promise<number> {
  let count = 0;
  for (;;) {
    const stored = await storage.get(liveKey(liveId, segmentName(rendition, count)), { start: 0, end: 0 });
    if (!stored) return count;
    stored.body.destroy();
    count += 1;
  }
}

/** The kept rendition as one fragmented MP4: its init segment, then every segment in order. */
async function* joined(storage: MediaStorage, liveId: string, rendition: string, count: number) {
  const names = [
    `${rendition}-init.mp4`,
    ...Array.from({ length: count }, (_, i) => segmentName(rendition, i)),
  ];
  for (const name of names) {
    const stored = await storage.get(liveKey(liveId, name));
    if (!stored) throw new AppError(409, 'live_not_keepable');
    for await (const chunk of stored.body) yield chunk as Buffer;
  }
}

/**
 * POST /api/lives/:id/keep: the broadcaster keeps a live they ended themselves, within
 * LIVE_KEEP_HOURS, as a post: its kept rendition (keptRenditionFor: the 360p, or the sound of a live
 * longer than a post's video may be) joined into one file goes through the media pipeline as an upload and becomes a post with `input`'s text and visibility. The live's keptPost is
 * set and its files removed. Anyone else: 404 `live_not_found`; not ended by them, already kept or
 * too late: 409 `live_not_keepable`.
 */
export async function keepLiveAsPost(
  deps: AppDeps,
  memberId: string,
  liveId: string,
  input: LiveKeep,
): Promise<PostView> {
  const live = /^[0-9a-f-]{36}$/i.test(liveId)
    ? await findBroadcastersLive(deps.db, liveId, memberId)
    : undefined;
  if (!live) throw new AppError(404, 'live_not_found');
  const deadline = (live.endedAt?.getTime() ?? 0) + deps.env.LIVE_KEEP_HOURS * 3_600_000;
  if (live.endReason !== 'broadcaster' || live.keptPostId || clock.now().getTime() > deadline) {
    throw new AppError(409, 'live_not_keepable');
  }
  // Every kept rendition has the same segments: the sound's are counted, which every live has.
  const count = await countSegments(deps.storage, liveId, 'audio');
  if (count === 0) throw new AppError(409, 'live_not_keepable');
  const rendition = keptRenditionFor(live.audioOnly, count * LIVE_SEGMENT_SECONDS);
  if (rendition === 'audio_too_long') throw badRequest(rendition);
  const item = await uploadMediaItem(deps, {
    ownerId: memberId,
    readUpload: async () => ({
      use: 'post',
      file: Readable.from(joined(deps.storage, liveId, rendition, count)),
    }),
  });
  const post = await createPost(deps, memberId, {
    text: input.text,
    visibility: input.visibility,
    media: [item.id],
    allowed: [],
  });
  // Two keeps at once: the second's post stays the member's (as a second upload would), not the live's.
  if (!(await setKeptPost(deps.db, liveId, post.post.id))) throw new AppError(409, 'live_not_keepable');
  await deleteLiveFiles(deps, liveId, { keep: false });
  return post;
}
