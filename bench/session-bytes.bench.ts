/**
 * B6: the bytes of a scripted 10-minute session (browse 50 profiles, open 5, swipe 20, chat 20
 * messages) in Chromium sized like a phone, every byte on the wire counted by kind, with data saver
 * off and on in alternating rounds, against "the useful bytes shown" (see bench/README.md, B6).
 *
 *   node_modules/.bin/node --import tsx bench/session-bytes.bench.ts [--rounds 2] [--members 2000]
 *     [--web-dist DIR] [--keep DIR] [--only off|on] [--browse 50] [--profiles 5] [--swipes 20]
 *     [--messages 20]
 *
 * Writes bench/results/session-bytes.json; exits 1 when a bar is missed.
 */
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';
import { io as connect, type Socket } from 'socket.io-client';
import { createSession, SESSION_COOKIE } from '../apps/server/src/features/auth/sessions.service.ts';
import { SEED_PREFIX, startApp, type RunningApp } from './lib/app-server.ts';
import { CHROMIUM, CHROMIUM_ARGS, newPhoneContext } from './lib/browser.ts';
import { freePort } from './lib/processes.ts';
import { printBars, writeResults, type BarRow } from './lib/results.ts';
import { ensurePhotos } from './session-data.ts';
import { saveMemberState, type MemberState } from './session-state.ts';
import { figures, kb, KB, median, printKinds, type SessionFigures } from './session-report.ts';
import { runSession, type Partner } from './session-script.ts';
import { WireCounter } from './session-wire.ts';
import { numberOption, textOption } from './lib/options.ts';

const rounds = numberOption('rounds', 2);
const members = numberOption('members', 2000);
const only = textOption('only');
const plan = {
  browse: numberOption('browse', 50),
  profiles: numberOption('profiles', 5),
  swipes: numberOption('swipes', 20),
  messages: numberOption('messages', 20),
};
const BARS = { firstVisit: 400 * KB, session: 1.5 * KB * KB, thumbnail: 15 * KB };

/** The other member of the chat: a real Socket.IO client with a session of its own. */
async function partnerOf(app: RunningApp, memberId: string, sockets: Socket[]): Promise<Partner> {
  const { token } = await createSession(app.db, memberId, 'session bench partner');
  const socket = connect(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: `${SESSION_COOKIE}=${token}` },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connected', () => resolve());
    socket.once('connect_error', reject);
  });
  let conversationId = '';
  return {
    async open(id) {
      conversationId = id;
    },
    say(text) {
      return new Promise((resolve, reject) => {
        socket.emit(
          'chats:messages:send',
          { clientId: randomUUID(), conversationId, text },
          (result: { ok: boolean; code?: string }) =>
            result.ok ? resolve() : reject(new Error(`partner send: ${result.code}`)),
        );
      });
    },
  };
}

let sessionMember = 1;
/** Members whose lists hold fewer than this are passed over: the session must see 50 distinct cards. */
const ENOUGH_LISTED = 90;

/**
 * The session's member: the first seeded member (in seeding order) whose default list holds at least
 * ENOUGH_LISTED members (seeded members spread over 14 cities, and a member in a small one sees fewer
 * than 50 who fit their preferences), else the one with the longest list among the first 40.
 */
async function chooseMember(app: RunningApp): Promise<number> {
  let best = { n: 1, listed: -1 };
  for (let n = 1; n <= 40; n += 1) {
    const { token } = await createSession(app.db, app.member(n).id, 'session bench choice');
    const response = await fetch(`${app.url}/api/users?filter=users&limit=96`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    const listed = ((await response.json()) as { users?: unknown[] }).users?.length ?? 0;
    if (listed > best.listed) best = { n, listed };
    if (listed >= ENOUGH_LISTED) break;
  }
  console.log(
    `Session member: seeded member ${best.n} (${best.listed} members in the default list's first page)`,
  );
  return best.n;
}

async function oneSession(
  app: RunningApp,
  state: MemberState,
  mode: 'off' | 'on',
  round: number,
  smallest: (id: string) => Promise<number>,
) {
  const member = app.member(sessionMember);
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const sockets: Socket[] = [];
  try {
    const wire = await WireCounter.connect(port);
    const context = await newPhoneContext(browser);
    context.setDefaultTimeout(30_000);
    await context.addInitScript((value) => {
      try {
        localStorage.setItem('motema.data-saver', value);
      } catch {
        // about:blank has no storage
      }
    }, mode);
    const page = await context.newPage();
    const [{ language = 'en' } = {}] = (
      await app.db.execute(sql`SELECT language FROM users WHERE id = ${member.id}::uuid`)
    ).rows as { language?: string }[];
    const session = runSession(page, wire, {
      url: app.url,
      language,
      username: member.username,
      password: member.password,
      ...plan,
      partnerFor: (id) => partnerOf(app, id, sockets),
      log: (line) => console.log(`  [${mode} ${round}] ${line}`),
    });
    const { marks, shown } = await session.catch(async (error: unknown) => {
      const shot = `/tmp/session-bytes-failed-${mode}-${round}.png`;
      await page.screenshot({ path: shot }).catch(() => undefined);
      console.error(`  failed on ${page.url()} (screenshot ${shot})`);
      throw error;
    });
    wire.close();
    return figures(mode, round, wire.entries, marks, shown, marks.firstVisitLines, smallest);
  } finally {
    for (const socket of sockets) socket.disconnect();
    await Promise.race([browser.close(), new Promise((resolve) => setTimeout(resolve, 20_000))]);
    await state.restore();
  }
}

async function main() {
  const app = await startApp({
    members,
    webDist: textOption('web-dist'),
    keepDir: textOption('keep'),
  });
  try {
    const ids = (
      await app.db.execute(
        sql`SELECT id FROM users WHERE username LIKE ${SEED_PREFIX + '%'} AND status = 'active' ORDER BY created_at, username`,
      )
    ).rows.map((row) => (row as { id: string }).id);
    const [{ withAvatar = 0 } = {}] = (
      await app.db.execute(sql`
        SELECT count(*)::int AS "withAvatar" FROM users
        WHERE username LIKE ${SEED_PREFIX + '%'} AND avatar_photo_id IS NOT NULL`)
    ).rows as { withAvatar?: number }[];
    // A database seeded without avatars (older seeding) gets photos through the upload route.
    if (withAvatar === 0) {
      const started = performance.now();
      const photos = await ensurePhotos(app.db, app.url, ids);
      console.log(
        `photos added to ${photos.added} members (${photos.uploaded} uploaded through the pipeline) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    console.log(`${ids.length} active seeded members, ${withAvatar} with an avatar`);
    sessionMember = await chooseMember(app);
    const state = await saveMemberState(app.db, app.member(sessionMember).id);

    // The reference's photo side: the smallest file served for each photo shown (read once).
    const sizes = new Map<string, number>();
    const { token } = await createSession(app.db, app.member(sessionMember).id, 'session bench sizes');
    const smallest = async (photoId: string) => {
      const known = sizes.get(photoId);
      if (known !== undefined) return known;
      const [row] = (await app.db.execute(sql`SELECT variants FROM photos WHERE id = ${photoId}::uuid`))
        .rows as { variants: { width: number; bytes: number }[] }[];
      let size = row ? Math.min(...row.variants.map((variant) => variant.bytes)) : 0;
      if (!row) {
        const response = await fetch(`${app.url}/api/media/${photoId}/160.webp`, {
          headers: { cookie: `${SESSION_COOKIE}=${token}` },
        });
        size = (await response.arrayBuffer()).byteLength;
      }
      sizes.set(photoId, size);
      return size;
    };

    const modes: ('off' | 'on')[] = only === 'off' || only === 'on' ? [only] : ['off', 'on'];
    const runs: SessionFigures[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      for (const mode of modes) {
        console.log(`Round ${round}, data saver ${mode}`);
        const result = await oneSession(app, state, mode, round, smallest);
        runs.push(result);
        console.log(
          `  first visit ${kb(result.firstVisit.total)} (${kb(result.firstVisit.withoutPhotos)} without photos), session ${kb(result.session.total)}, largest thumbnail ${kb(result.largestThumbnail.body)}`,
        );
      }
    }
    await report(runs, modes);
  } finally {
    await app.stop();
  }
}

async function report(runs: SessionFigures[], modes: ('off' | 'on')[]) {
  const of = (mode: 'off' | 'on') => runs.filter((run) => run.mode === mode);
  printKinds('First visit (median bytes by kind)', {
    off: of('off').map((run) => run.firstVisit),
    on: of('on').map((run) => run.firstVisit),
  });
  printKinds('Whole session (median bytes by kind)', {
    off: of('off').map((run) => run.session),
    on: of('on').map((run) => run.session),
  });
  const spread = (values: number[]) =>
    (Math.max(...values) - Math.min(...values)) / Math.max(1, median(values));
  const bars: BarRow[] = [];
  for (const mode of modes) {
    const list = of(mode);
    const firstVisit = median(list.map((run) => run.firstVisit.withoutPhotos));
    const firstText = median(list.map((run) => run.useful.firstVisitText));
    const whole = median(list.map((run) => run.session.total));
    const useful = median(list.map((run) => run.useful.total));
    const saver = `data saver ${mode}`;
    bars.push({
      bar: 'B6',
      what: `first visit without photos, ${saver} (median of ${list.length})`,
      measured: kb(firstVisit),
      reference: `${kb(firstText)} of text shown (${(firstVisit / Math.max(1, firstText)).toFixed(0)}x)`,
      target: '<= 400 KB',
      pass: firstVisit <= BARS.firstVisit,
      value: firstVisit / KB,
    });
    bars.push({
      bar: 'B6',
      what: `whole session, ${saver} (median of ${list.length})`,
      measured: kb(whole),
      reference: `${kb(useful)} useful shown (${(whole / Math.max(1, useful)).toFixed(1)}x)`,
      target: '<= 1,536 KB (1.5 MB)',
      pass: whole <= BARS.session,
      value: whole / KB,
    });
    console.log(
      `\n${saver}: rounds differ by ${(100 * spread(list.map((run) => run.session.total))).toFixed(1)}% (session) and ${(100 * spread(list.map((run) => run.firstVisit.withoutPhotos))).toFixed(1)}% (first visit)`,
    );
  }
  const thumbnail = Math.max(...runs.map((run) => run.largestThumbnail.body));
  const largest = runs.find((run) => run.largestThumbnail.body === thumbnail)!;
  const thumbnailMedian = median(runs.map((run) => run.thumbnails.medianBody));
  bars.push({
    bar: 'B6',
    what: 'largest avatar thumbnail received (160 px)',
    measured: kb(thumbnail),
    reference: `median thumbnail ${kb(thumbnailMedian)}`,
    target: '<= 15 KB',
    pass: thumbnail <= BARS.thumbnail,
    value: thumbnail / KB,
  });
  console.log(`\nLargest thumbnail: ${largest.largestThumbnail.url}`);
  for (const run of runs.slice(0, modes.length)) {
    console.log(`\nData saver ${run.mode}, round ${run.round}: per step`);
    for (const step of run.steps) {
      console.log(
        `  ${step.name.padEnd(42)} ${kb(step.bytes.total).padStart(11)}  (photos ${kb(step.bytes.photo)}, api ${kb(step.bytes['api-json'])}, js ${kb(step.bytes.js)}, socket ${kb(step.bytes.socket)})`,
      );
    }
    console.log(
      `  photo variants: ${Object.entries(run.photoVariants)
        .map(([name, value]) => `${name} x${value.count} = ${kb(value.bytes)}`)
        .join(', ')}`,
    );
    console.log(
      `  service worker's own downloads (precache): ${kb(run.serviceWorker.firstVisit)} in the first visit, ${kb(run.serviceWorker.session)} in all`,
    );
    console.log(
      `  api: ${run.api
        .slice(0, 8)
        .map((item) => `${item.path} x${item.times} ${kb(item.bytes)}`)
        .join('; ')}`,
    );
    console.log(
      `  socket: ${run.socketEvents
        .slice(0, 8)
        .map((item) => `${item.event} x${item.frames} ${kb(item.bytes)}`)
        .join('; ')}`,
    );
    console.log(
      `  repeated: ${
        run.repeated
          .slice(0, 6)
          .map((item) => `${item.url} x${item.times} ${kb(item.bytes)}`)
          .join('; ') || 'none'
      }`,
    );
  }
  console.log('');
  printBars(bars);
  await writeResults('session-bytes', bars, {
    options: { rounds, members, ...plan, only: only ?? null },
    note: 'The scripted content of a 10-minute session played back to back (no idle time, so no polling); bytes are counted from the first navigation.',
    runs,
  });
  process.exitCode = bars.every((row) => row.pass) ? 0 : 1;
}

await main();
