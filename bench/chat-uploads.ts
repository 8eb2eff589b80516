/**
 * B7's "chat p99 unaffected while uploads run" (chat.bench.ts --uploads N): N members at a time
 * keep uploading a 12-megapixel phone JPEG with GPS metadata to their conversation
 * (POST /api/conversations/{id}/files, kind photo: the photo pipeline) while the chat load runs.
 */
import { multipartBody, phoneJpeg } from '../apps/server/src/test/media-factories.ts';
import type { BenchMember } from './chat-load.ts';

/** Uploads a member makes before the next one takes over (the route allows 60 per 10 minutes). */
const UPLOADS_PER_MEMBER = 20;

export type UploadRun = { uploaded: number; failed: string[]; times: number[] };

export async function preparePhoto(): Promise<Buffer> {
  return phoneJpeg(4000, 3000, 6);
}

/** Starts `concurrency` upload loops; `stop()` lets the uploads under way finish and tells how it went. */
export function startUploads(url: string, members: BenchMember[], photo: Buffer, concurrency: number) {
  const run: UploadRun = { uploaded: 0, failed: [], times: [] };
  let stopping = false;
  let next = 0;
  const loop = async () => {
    while (!stopping) {
      const member = members[Math.floor(next++ / UPLOADS_PER_MEMBER) % members.length]!;
      const body = multipartBody({ bytes: photo, filename: 'photo.jpg' }, { kind: 'photo' });
      const started = performance.now();
      try {
        const res = await fetch(`${url}/api/conversations/${member.conversationId}/files`, {
          method: 'POST',
          headers: { ...body.headers, cookie: member.cookie },
          body: new Uint8Array(body.payload),
        });
        if (res.status === 201) {
          run.uploaded += 1;
          run.times.push(performance.now() - started);
        } else run.failed.push(`${res.status} ${(await res.text()).slice(0, 120)}`);
      } catch (error) {
        run.failed.push((error as Error).message);
      }
    }
  };
  const loops = Array.from({ length: concurrency }, () => loop());
  return {
    async stop(): Promise<UploadRun> {
      stopping = true;
      await Promise.all(loops);
      return run;
    },
  };
}
