/**
 * B3: chat with 2,000 connected sockets (1,000 conversations), 200-byte messages stored in PostgreSQL
 * by the real server (apps/server/src/main.ts as a child process: the session cookie at the handshake,
 * `chats:messages:send` acked after the commit, `chats:messages:new` to the other member), against
 * two references under the same clients and load, in the same run: a bare Socket.IO + `pg` server
 * storing each message with the same guarantees (bench/chat-durable.ts: client id stored once,
 * per-conversation sequence in the insert's transaction, ack after COMMIT), the bar's reference; the
 * same server also reading the sender's membership and blocks either way (`checked`, decision 0054,
 * proposed); and a bare Socket.IO relay with no database (bench/chat-relay.ts), the ceiling. Rounds alternate the
 * order of the servers. Per round and server: the saturated throughput (every
 * socket keeps `--window` messages awaiting their ack for `--saturate` seconds; messages delivered to
 * the other member over the time from the first send to the last delivery), then a fixed offered load (`--rate` messages a second for `--seconds`):
 * send-to-deliver and send-to-ack latency, lost and duplicated messages. At the end every client id sent
 * to the app (and to the durable and checked references) is looked up in PostgreSQL: stored exactly once.
 *
 *   node_modules/.bin/node --import tsx bench/chat.bench.ts [--sockets 2000] [--seconds 10] [--rate 1000]
 *     [--rounds 3] [--saturate 5] [--window 2] [--uploads 2] [--uploads-rate R] [--videos 2] [--keep DIR]
 *     [--only relay,durable,checked,app] [--durable-group 500] [--no-pin] [--media-worker fork|apart]
 *
 * B7's "chat p99 unaffected while uploads run": after the rounds, the app at `--uploads-rate` (default
 * `--rate`) while `--uploads` members at a time upload a 12-megapixel phone JPEG (0: skip them), in
 * windows taking turns with the media worker running and paused (chat-uploads.ts). B9's "chat p99
 * while two videos encode": the same with `--videos` members at a time uploading a 30 s 1080p clip
 * for a post and waiting for its transcode (0: skip them). `--media-worker apart` runs the app's encodes in a worker
 * on its own pinned to the load generator's core (chat-media-worker.ts); each phase prints the
 * run-queue waits of the server and PostgreSQL and the encoders' CPU.
 * A quick look: `--sockets 200 --seconds 3 --rounds 1`. Writes bench/results/chat.json.
 * The phases: chat-phases.ts; the rows' check: chat-stored.ts; figures, bars and the results file:
 * chat-report.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase, migrateDatabase, type Db } from '../apps/server/src/db/client.ts';
import { connectAll, drain, offer, summarize, Tracker } from './chat-load.ts';
import { readChatOptions } from './chat-options.ts';
import { fixedRound, saturatedRound, settle, type Name, type Target } from './chat-phases.ts';
import { report } from './chat-report.ts';
import { describeWindows } from './chat-windows-report.ts';
import { prepareMembers } from './chat-setup.ts';
import { verifyStored } from './chat-stored.ts';
import {
  freePort,
  openDatabase,
  pinCores,
  startNode,
  type Child,
  startAppServer,
  stopOnSignal,
} from './lib/processes.ts';
import { photoPhase, preparePhoto, prepareVideo, videoPhase } from './chat-uploads.ts';
import { describeContention, startApartWorker, type MediaWorkerPlace } from './chat-media-worker.ts';
import { startFsyncProbe, type FsyncProbe } from './lib/fsync-probe.ts';
import { flagOption, textOption } from './lib/options.ts';

const options = readChatOptions();
const { sockets, rate, rounds, uploads, uploadsRate, videos } = options;
const NAMES: readonly Name[] = ['relay', 'durable', 'checked', 'app'];
/** `--only app,durable`: those servers only, in this file's order. */
const only = textOption('only')?.split(',');
const mediaWorker = (textOption('media-worker') ?? 'fork') as MediaWorkerPlace;
if (mediaWorker !== 'fork' && mediaWorker !== 'apart') throw new Error('--media-worker is fork or apart');

/**
 * The maintenance the phases before left due, done before a fixed round, for every server alike: the
 * saturated rounds write some 200,000 messages a round into the three servers' tables, and
 * PostgreSQL's autovacuum, waking once a minute, then vacuumed and analysed all of them (about two
 * seconds of both cores) inside whichever server's fixed round was running: the app's, last in rounds 1
 * and 3, had p99s of 269 and 311 ms there and 23 ms in round 2 (bench/README.md, B3, "December 4,
 * evening"). A checkpoint too, so the saturated rounds' WAL does not start one inside the next round.
 */
async function maintained(db: Db): Promise<void> {
  await db.$client.query('VACUUM (ANALYZE)');
  // A server given as BENCH_DATABASE_URL may refuse it to a role without pg_checkpoint.
  await db.$client.query('CHECKPOINT').catch(() => undefined);
}

async function main() {
  const database = await openDatabase(textOption('keep'), 'chat');
  const { db, close } = connectDatabase(database.url, { max: 4 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'motema-bench-chat-data-'));
  const targets: Target[] = [];
  const children: Child[] = [];
  let disk: FsyncProbe | undefined;
  const stopAll = async () => {
    for (const target of targets) for (const client of target.clients) client.socket.disconnect();
    for (const child of children.splice(0)) await child.stop();
  };
  stopOnSignal(() => stopAll().then(() => database.stop()));
  try {
    await migrateDatabase(db);
    let started = performance.now();
    const members = await prepareMembers(db, sockets);
    console.log(
      `${sockets} members in ${sockets / 2} conversations with sessions (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    // Made (the first time, about a minute, by a synchronous ffmpeg) before any socket connects: a
    // load generator blocked meanwhile would miss every socket's ping.
    const video = videos > 0 ? await prepareVideo() : undefined;
    const pin = flagOption('no-pin') ? { note: 'not pinned (--no-pin)' } : pinCores();
    console.log(`Pinning: ${pin.note}`);
    // On the disk of the app's files and of an embedded PostgreSQL (a BENCH_DATABASE_URL's may be another).
    disk = await startFsyncProbe(dataDir);
    const tracker = new Tracker();
    const names = NAMES.filter((name) => !only || only.includes(name));
    for (const name of names) {
      const port = await freePort();
      const child =
        name === 'relay'
          ? await startNode('bench/chat-relay.ts', [String(port)], {}, /^listening \d+/, pin.server)
          : name === 'durable' || name === 'checked'
            ? await startNode(
                'bench/chat-durable.ts',
                [
                  String(port),
                  database.url,
                  String(options.durableGroup),
                  ...(name === 'checked' ? ['checked'] : []),
                ],
                {},
                /^listening \d+/,
                pin.server,
              )
            : await startAppServer({
                databaseUrl: database.url,
                port: port,
                dataDir: dataDir,
                core: pin.server,
                env: { MEDIA_WORKER: mediaWorker === 'apart' ? 'external' : 'fork' },
                // Its GC pauses, for B7's and B9's windows.
                nodeFlags: ['--trace-gc'],
              });
      children.push(child);
      const worker =
        name === 'app' && mediaWorker === 'apart'
          ? await startApartWorker(database.url, dataDir, pin.client)
          : undefined;
      if (worker) {
        children.push(worker);
        console.log(`app: media worker ${worker.pid} apart, on core ${pin.client ?? '(not pinned)'}`);
      }
      started = performance.now();
      const clients = await connectAll(`http://127.0.0.1:${port}`, members, tracker);
      const connectMs = performance.now() - started;
      console.log(`${name}: ${clients.length} sockets connected in ${(connectMs / 1000).toFixed(1)} s`);
      targets.push({
        name,
        child,
        mediaWorker: worker,
        port,
        clients,
        connectMs,
        saturated: [],
        fixed: [],
        ids: { saturated: [], fixed: [], uploads: [] },
      });
    }

    // Warm-up: JIT, plans, pool connections.
    for (const target of targets) {
      const ids = await offer(target.clients, tracker, Math.min(rate, 100), 2);
      await settle(target, tracker, ids, 60_000);
    }

    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) {
        await saturatedRound(target, tracker, database.dir, options);
        process.stdout.write(
          `\rround ${round + 1}/${rounds}: ${target.name} saturated ${target.saturated.at(-1)!.rate.toFixed(0)} msg/s      `,
        );
      }
      for (const target of order) {
        await maintained(db);
        await fixedRound(target, tracker, database.dir, options, disk);
        process.stdout.write(
          `\rround ${round + 1}/${rounds}: ${target.name} at ${rate}/s p99 ${target.fixed.at(-1)!.summary.deliver.p99.toFixed(1)} ms      `,
        );
      }
    }
    process.stdout.write('\n');

    const app = targets.find((target) => target.name === 'app');
    if (app && uploads > 0) {
      // B7: the same load with and without photos being uploaded and encoded (chat-uploads.ts).
      const photo = await preparePhoto();
      const phase = await photoPhase(app, photo, tracker, members.slice().reverse(), {
        ...options,
        postgresDir: database.dir,
        disk,
      });
      app.withUploads = phase;
      app.ids.uploads.push(...phase.baseline, ...phase.ids);
      console.log(
        `app at ${uploadsRate}/s: p99 ${summarize(tracker, phase.baseline).deliver.p99.toFixed(1)} ms with the encodes paused; ${phase.summary.deliver.p99.toFixed(1)} ms with ${uploads} members uploading, ${phase.uploads.uploaded} photos uploaded, ${phase.uploads.failed.length} failed; p99 per window ${describeWindows(phase.windows)}`,
      );
      console.log(`  encodes paused:  ${describeContention(phase.costs.paused)}`);
      console.log(`  encodes running: ${describeContention(phase.costs.running)}`);
    }
    if (app && video) {
      // B9: the same load with and without `videos` phone clips being transcoded (chat-uploads.ts).
      const phase = await videoPhase(app, video, tracker, members, {
        ...options,
        postgresDir: database.dir,
        disk,
      });
      app.withVideos = phase;
      app.ids.uploads.push(...app.withVideos.baseline, ...app.withVideos.ids);
      const { baseline, summary, uploads: done, windowsEncoding } = app.withVideos;
      console.log(
        `app at ${uploadsRate}/s: p99 ${summarize(tracker, baseline).deliver.p99.toFixed(1)} ms with the encodes paused; ${summary.deliver.p99.toFixed(1)} ms with ${videos} videos uploaded and transcoding (${windowsEncoding} windows with ffmpeg running), ${done.uploaded} videos transcoded, ${done.failed.length} failed`,
      );
      console.log(`  encodes paused:  ${describeContention(phase.costs.paused)}`);
      console.log(`  encodes running: ${describeContention(phase.costs.running)}`);
    }
    // Whatever is still on its way (a slow server): waited for, so `lost` means never delivered.
    const everything = targets.flatMap((target) => [
      ...target.ids.saturated,
      ...target.ids.fixed,
      ...target.ids.uploads,
    ]);
    const waited = await drain(tracker, everything, 60_000);
    if (waited > 1000) console.log(`Waited ${(waited / 1000).toFixed(1)} s for late messages.`);
    const stored = app
      ? await verifyStored(db, tracker, [...app.ids.saturated, ...app.ids.fixed, ...app.ids.uploads])
      : undefined;
    const referenceStored = async (name: 'durable' | 'checked') => {
      const target = targets.find((each) => each.name === name);
      return target
        ? await verifyStored(
            db,
            tracker,
            [...target.ids.saturated, ...target.ids.fixed],
            `chat_${name}.messages`,
          )
        : undefined;
    };
    const checks = {
      app: stored,
      durable: await referenceStored('durable'),
      checked: await referenceStored('checked'),
    };
    return await report(targets, tracker, pin.note, checks, options);
  } finally {
    await stopAll();
    await disk?.stop();
    await close();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Exit explicitly: the database client's handlers would otherwise decide the status.
process.exit((await main()) ? 0 : 1);
