import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { liveFrames, lives } from '../db/schema.ts';
import type { TestApp } from './build-test-app.ts';
import type { Member } from './factories.ts';

/**
 * A broadcaster's recording as MediaRecorder writes it: WebM with VP8 and Opus (or Opus alone), made
 * by the machine's ffmpeg from its test pattern and a tone (a real camera's stream, for the encoder).
 */
export function recording(options: { seconds: number; audioOnly?: boolean }): Promise<Buffer> {
  const video = options.audioOnly
    ? []
    : ['-f', 'lavfi', '-i', `testsrc=size=320x240:rate=24:duration=${options.seconds}`];
  const args = [
    ...[
      '-v',
      'error',
      ...video,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:sample_rate=48000:duration=${options.seconds}`,
    ],
    ...(options.audioOnly
      ? []
      : ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '400k', '-g', '24']),
    ...['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', 'pipe:1'],
  ];
  return new Promise((resolve, reject) => {
    const ffmpeg = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let errors = '';
    ffmpeg.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    ffmpeg.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    ffmpeg.once('error', reject);
    ffmpeg.once('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(errors))));
  });
}

/** The recording cut as the browser sends it: pieces of `size` bytes, in order. */
export function chunksOf(bytes: Buffer, size = 16 * 1024): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

/** A live of `broadcaster`, written straight into the table (the lives service's start, without its rules). */
export async function insertLive(
  t: Pick<TestApp, 'db'>,
  broadcaster: Member,
  columns: Partial<typeof lives.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(lives)
    .values({ broadcasterId: broadcaster.user.id, audience: 'everyone', ...columns })
    .returning();
  return row!;
}

export async function liveRow(db: Db, liveId: string) {
  const [row] = await db.select().from(lives).where(eq(lives.id, liveId));
  return row!;
}

export function framesOf(db: Db, liveId: string) {
  return db.select().from(liveFrames).where(eq(liveFrames.liveId, liveId));
}

/** The names of a live's files in the test app's media folder (frames under `frames/`). */
export async function liveFiles(t: Pick<TestApp, 'mediaDir'>, liveId: string): Promise<string[]> {
  const folder = `${t.mediaDir}/lives/${liveId}`;
  const top = await readdir(folder).catch(() => [] as string[]);
  const frames = await readdir(`${folder}/frames`).catch(() => [] as string[]);
  return [...top.filter((name) => name !== 'frames'), ...frames.map((name) => `frames/${name}`)].sort();
}

export const liveFile = (t: Pick<TestApp, 'mediaDir'>, liveId: string, name: string) =>
  readFile(`${t.mediaDir}/lives/${liveId}/${name}`);
