// @slow-tier transcodes with ffmpeg in the media worker's process.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_TRANSCODE_QUEUE, MEDIA_TRANSCODE_SETTINGS } from '../features/media/transcode-jobs.ts';
import { startJobQueue, type JobQueue } from '../jobs/queue.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { newFfmpegChildren } from '../test/ffmpeg-children.ts';
import { phoneClip } from '../test/transcode-fixtures.ts';
import { endedTranscode, processedJobs, processingUpload, settledItem } from '../test/transcode-items.ts';
import { SCHED_IDLE } from './priority.ts';

const hasChrt = spawnSync('chrt', ['--version']).status === 0;
/** util-linux's setpriv, through which the worker starts ffmpeg with a parent-death signal. */
const hasSetpriv = spawnSync('setpriv', ['--help']).status === 0;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Nice value and scheduling policy of a process's every thread (fields 19 and 41 of stat). */
async function scheduling(pid: number) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { nice: Number(fields[16]), policy: Number(fields[38]) };
}

async function gone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return !alive(pid);
}

describe('the media worker process transcodes', () => {
  let t: TestApp;
  let jobs: JobQueue;
  // Long enough to be caught mid-encode (a few seconds at the worker's priority).
  let clip: Buffer;
  beforeAll(async () => {
    t = await buildTestApp({ mediaWorker: 'process' });
    jobs = await startJobQueue(t.databaseUrl, () => {});
    jobs.define(MEDIA_TRANSCODE_QUEUE, MEDIA_TRANSCODE_SETTINGS);
    clip = await phoneClip({ width: 1280, height: 720, seconds: 8 });
  }, 60_000);
  afterAll(async () => {
    await jobs.stop();
    await t.close();
  });

  it('a video in its own pid, ffmpeg in its idle class and below the server', async () => {
    const workerPid = await t.mediaWorker!.ready();
    const { item, job } = await processingUpload(t, clip, { kind: 'video', sourceType: 'video/quicktime' });
    await jobs.send(MEDIA_TRANSCODE_QUEUE, job);
    const ffmpeg = (await newFfmpegChildren({ parent: workerPid, timeoutMs: 30_000 }))[0]!;
    const priority = await scheduling(ffmpeg);
    expect(priority.nice).toBeGreaterThan(os.getPriority(process.pid));
    if (hasChrt) expect(priority.policy).toBe(SCHED_IDLE);
    const ended = await endedTranscode(t, item.id);
    expect(ended).toMatchObject({ state: 'completed', output: { status: 'ready', encodedBy: workerPid } });
    expect(await settledItem(t, item.id)).toMatchObject({ status: 'ready' });
  }, 90_000);

  it('survives its death mid-encode: ffmpeg dies with it, the job is retried, the item ends ready once', async () => {
    const firstPid = await t.mediaWorker!.ready();
    const { item, job } = await processingUpload(t, clip, { kind: 'video', sourceType: 'video/quicktime' });
    await jobs.send(MEDIA_TRANSCODE_QUEUE, job);
    const ffmpeg = (await newFfmpegChildren({ parent: firstPid, timeoutMs: 30_000 }))[0]!;
    // SIGKILL mid-encode: no handler of the worker's runs, nothing is finished.
    process.kill(firstPid, 'SIGKILL');
    // The kernel ends the orphaned ffmpeg (its parent-death signal): no encode goes on beside the retry.
    if (hasSetpriv) expect(await gone(ffmpeg, 5_000)).toBe(true);
    const ended = await endedTranscode(t, item.id, 90_000);
    const secondPid = await t.mediaWorker!.ready();
    expect(secondPid).not.toBe(firstPid);
    // Retried at once by the supervisor (not after the queue's 40 min expiry).
    expect(ended).toMatchObject({
      state: 'completed',
      retryCount: 1,
      output: { status: 'ready', encodedBy: secondPid },
    });
    expect(await settledItem(t, item.id)).toMatchObject({ status: 'ready' });
    expect(await processedJobs(t, item.id)).toEqual([
      { itemId: item.id, ownerId: item.ownerId, status: 'ready' },
    ]);
  }, 120_000);
});
