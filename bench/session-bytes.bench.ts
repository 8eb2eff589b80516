/**
 * B6: the bytes of a scripted 10-minute session (browse 50 profiles, open 5, swipe 20, chat 20
 * messages) in Chromium sized like a phone, every byte on the wire counted by kind, with data saver
 * off and on in alternating rounds, against "the useful bytes shown" (see bench/README.md, B6).
 *
 *   node_modules/.bin/node --import tsx bench/session-bytes.bench.ts [--rounds 2] [--members 2000]
 *     [--web-dist DIR] [--keep DIR] [--only off|on] [--browse 50] [--profiles 5] [--swipes 20]
 *     [--messages 20]
 *
 * The script: session-script.ts; the member: session-member.ts; the chat partner: session-partner.ts;
 * each session's figures: session-report.ts; the bars and results: session-results.ts.
 * Writes bench/results/session-bytes.json; exits 1 when a bar is missed.
 */
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { createSession, SESSION_COOKIE } from '../apps/server/src/features/auth/sessions.service.ts';
import { SEED_PREFIX, startApp, type RunningApp } from './lib/app-server.ts';
import { launchBrowser, newPhoneContext } from './lib/browser.ts';
import { freePort } from './lib/processes.ts';
import { ensurePhotos } from './session-data.ts';
import { chooseMember } from './session-member.ts';
import { partnerOf } from './session-partner.ts';
import { saveMemberState, type MemberState } from './session-state.ts';
import { figures, kb, type SessionFigures } from './session-report.ts';
import { report } from './session-results.ts';
import { runSession } from './session-script.ts';
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

/** The seeded member who plays the session (chooseMember). */
let sessionMember = 1;

async function oneSession(
  app: RunningApp,
  state: MemberState,
  mode: 'off' | 'on',
  round: number,
  smallest: (id: string) => Promise<number>,
) {
  const member = app.member(sessionMember);
  const port = await freePort();
  const browser = await launchBrowser({ args: [`--remote-debugging-port=${port}`] });
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
    const session = runSession(page, wire, {
      url: app.url,
      language: member.language,
      username: member.username,
      password: member.password,
      ...plan,
      partnerFor: (id) => partnerOf(app, id, sockets, member.id),
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
    await report(runs, modes, { rounds, members, ...plan, only: only ?? null });
  } finally {
    await app.stop();
  }
}

await main();
