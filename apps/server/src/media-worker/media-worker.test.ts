// @slow-tier starts the media worker's process and kills it.
import { fork, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatFileUploadSchema } from '@motema/shared/chat';
import type { Image } from '@motema/shared/media';
import type { Me } from '@motema/shared/users';
import { MEDIA_ENCODE_QUEUE, type EncodeOutput } from '../features/media/encode-jobs.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildConversation } from '../test/chat-factories.ts';
import { postChatFile } from '../test/chat-files-factories.ts';
import { asMember, createMember, type Member } from '../test/factories.ts';
import { phoneJpeg, postPhoto } from '../test/media-factories.ts';
import { SCHED_IDLE } from './priority.ts';
import type { FromWorker, ToWorker } from './worker-messages.ts';

/** The encode jobs pg-boss kept, oldest first: who encoded each, and how often it was retried. */
async function encodeJobs(t: TestApp) {
  const result = await t.db.execute<{ output: EncodeOutput | null; retryCount: number; state: string }>(
    sql`SELECT output, retry_count AS "retryCount", state FROM pgboss.job
        WHERE name = ${MEDIA_ENCODE_QUEUE} ORDER BY created_on`,
  );
  return result.rows;
}

/** Raw uploads left anywhere in the media folder (each is `<folder>/upload` until encoded). */
async function rawUploads(t: TestApp): Promise<string[]> {
  const entries = await readdir(t.mediaDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.startsWith('upload')).map((e) => e.name);
}

/**
 * The nice value and scheduling policy of every thread of a process (Linux: both are a thread's,
 * inherited at its creation).
 */
async function threadScheduling(pid: number): Promise<{ nice: number; policy: number }[]> {
  const tasks = await readdir(`/proc/${pid}/task`);
  const stats = await Promise.all(tasks.map((tid) => readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8')));
  // Fields 19 and 41 are the nice value and the policy; the command name (field 2, in parentheses)
  // may contain spaces.
  return stats.map((stat) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { nice: Number(fields[16]), policy: Number(fields[38]) };
  });
}
const hasChrt = spawnSync('chrt', ['--version']).status === 0;

/** The CPUs each thread of a process may run on, as the kernel lists them ("0-1"). */
async function threadCpus(pid: number): Promise<string[]> {
  const tasks = await readdir(`/proc/${pid}/task`);
  const statuses = await Promise.all(tasks.map((tid) => readFile(`/proc/${pid}/task/${tid}/status`, 'utf8')));
  return statuses.map((status) => /^Cpus_allowed_list:\s*(\S+)$/m.exec(status)![1]!);
}
const canPin = os.cpus().length > 1 && spawnSync('taskset', ['-V']).status === 0;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the media worker process', () => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await buildTestApp({ mediaWorker: 'process' });
    member = await createMember(t);
  }, 60_000);
  afterAll(() => t.close());

  it('encodes an avatar photo end to end, in its own pid, at a lower priority', async () => {
    const workerPid = await t.mediaWorker!.ready();
    expect(workerPid).not.toBe(process.pid);
    const res = await postPhoto(t, member.cookie, await phoneJpeg(1600, 1200, 6));
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json<Image>();
    expect(photo).toMatchObject({ width: 1080, height: 1440 });
    const avatar = await asMember(t, member.cookie)('PUT', '/api/users/avatar', { photo: photo._id });
    expect(avatar.json<Me>().avatar).toEqual(photo);
    for (const source of photo.sources) {
      expect((await t.app.inject({ url: source.url })).statusCode, source.url).toBe(200);
    }
    // The server's event loop never ran the encode: the job's output names the worker's pid.
    const [job] = await encodeJobs(t);
    expect(job).toMatchObject({ state: 'completed', output: { ok: true, encodedBy: workerPid } });
    expect(await rawUploads(t)).toEqual([]);
    // Every thread encodes at the lower priority: libuv's pool and libvips' threads, not only the main
    // one; in the idle class where chrt is there to set it.
    const threads = await threadScheduling(workerPid);
    expect(threads.length).toBeGreaterThan(4);
    expect(Math.min(...threads.map((thread) => thread.nice))).toBeGreaterThan(os.getPriority(process.pid));
    if (hasChrt) expect(new Set(threads.map((thread) => thread.policy))).toEqual(new Set([SCHED_IDLE]));
  }, 60_000);

  it('encodes a chat photo end to end', async () => {
    const chat = await buildConversation(t);
    const res = await postChatFile(t, chat.members[0].cookie, chat.id, await phoneJpeg(1200, 900, 1), {
      kind: 'photo',
      filename: 'IMG_0002.JPG',
      contentType: 'image/jpeg',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { file } = ChatFileUploadSchema.parse(res.json());
    expect(file.image).toMatchObject({ width: 1080, height: 810 });
    for (const source of file.image!.sources) {
      const served = await t.app.inject({ url: source.url, headers: { cookie: chat.members[0].cookie } });
      expect(served.statusCode, source.url).toBe(200);
    }
    const jobs = await encodeJobs(t);
    expect(jobs.at(-1)).toMatchObject({ state: 'completed', output: { encodedBy: t.mediaWorker!.pid() } });
    expect(await rawUploads(t)).toEqual([]);
  }, 60_000);

  it('survives its death mid-job: restarted, the job retried at once, the upload answered', async () => {
    const firstPid = await t.mediaWorker!.ready();
    let killed = false;
    t.mediaWorker!.onMessage((message: FromWorker) => {
      // SIGKILL as the encode starts: no handler of the worker's runs, nothing is finished.
      if (message.type === 'started' && !killed) {
        killed = true;
        process.kill(firstPid, 'SIGKILL');
      }
    });
    const started = Date.now();
    const res = await postPhoto(t, member.cookie, await phoneJpeg(1600, 1200, 1));
    expect(res.statusCode, res.body).toBe(201);
    expect(killed).toBe(true);
    // Retried when the supervisor saw the death, not after the 120 s expiry of an active job.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(alive(firstPid)).toBe(false);
    const secondPid = await t.mediaWorker!.ready();
    expect(secondPid).not.toBe(firstPid);
    const job = (await encodeJobs(t)).at(-1);
    expect(job).toMatchObject({
      state: 'completed',
      retryCount: 1,
      output: { ok: true, encodedBy: secondPid },
    });
    expect(await rawUploads(t)).toEqual([]);
    for (const source of res.json<Image>().sources) {
      expect((await t.app.inject({ url: source.url })).statusCode, source.url).toBe(200);
    }
  }, 90_000);

  it('ends by itself when its server is gone (a kill -9 closes the IPC channel)', async () => {
    const worker = fork(new URL('./main.ts', import.meta.url), [], {
      execArgv: ['--import', import.meta.resolve('tsx')],
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    const ready = new Promise<void>((resolve) =>
      worker.on('message', (message: FromWorker) => message.type === 'ready' && resolve()),
    );
    worker.send({ type: 'start', databaseUrl: t.databaseUrl } satisfies ToWorker);
    await ready;
    const exited = once(worker, 'exit');
    worker.disconnect();
    expect(await exited).toEqual([0, null]);
  }, 30_000);

  // A server pinned to a core (the benchmarks pin it to core 1) had its encodes on that core too.
  it.runIf(canPin)(
    'runs on every CPU even when its server is pinned to one',
    async () => {
      const worker = spawn(
        'taskset',
        [
          '-c',
          '0',
          process.execPath,
          '--import',
          import.meta.resolve('tsx'),
          new URL('./main.ts', import.meta.url).pathname,
        ],
        {
          env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
          stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        },
      );
      try {
        const ready = new Promise<number>((resolve) =>
          worker.on('message', (message: FromWorker) => message.type === 'ready' && resolve(message.pid)),
        );
        worker.send({ type: 'start', databaseUrl: t.databaseUrl } satisfies ToWorker);
        const pid = await ready;
        expect(pid).toBe(worker.pid);
        // Those of this (unpinned) test process, which are the machine's.
        const [unpinned] = await threadCpus(process.pid);
        expect(unpinned).not.toBe('0');
        expect(new Set(await threadCpus(pid))).toEqual(new Set([unpinned]));
      } finally {
        const exited = once(worker, 'exit');
        worker.kill('SIGTERM');
        await exited;
      }
    },
    30_000,
  );

  it('stops cleanly on SIGTERM', async () => {
    const pid = await t.mediaWorker!.ready();
    await t.mediaWorker!.stop();
    expect(alive(pid)).toBe(false);
    expect(t.mediaWorker!.pid()).toBeUndefined();
  }, 30_000);
});
