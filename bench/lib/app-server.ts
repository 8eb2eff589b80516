/**
 * The real app for browser benchmarks (B4 page load, B6 session bytes): a PostgreSQL (embedded in a
 * temporary folder, `keepDir`, or BENCH_DATABASE_URL), migrations, seeded members, the web app built
 * the way `npm run build` builds it (`vite build` from apps/web, `.br`/`.gz` beside each file, the
 * Workbox service worker, and the server's build that paints pages, `dist-server/` beside it) into a
 * temporary folder under node_modules/.cache/motema (the server's build imports packages), and
 * `apps/server/src/main.ts` serving both the API and that build (WEB_DIST_DIR) on a free port of
 * 127.0.0.1.
 *
 *   const app = await startApp({ members: 60 });
 *   await app.logIn(context, 1);          // a fresh session cookie for member 1, no login request
 *   await page.goto(`${app.url}/home`);
 *   await app.stop();
 *
 * - `members` (default 300): seeded by `seed()` (apps/server/src/seed/seed.ts: members around African
 *   cities, avatars stored through the photo pipeline under the server's DATA_DIR, ratings, visits,
 *   matches, conversations), usernames `pagebench_<n>`. A kept database (`keepDir`) that already has
 *   them is reused as it is. `member(n)` is the n-th (from 1) seeded member who can log in and shows in
 *   lists (active, first name, sex, position), nearest to Kinshasa's centre first (the biggest
 *   cluster, so member 1's lists fill) — not the n of the username (4% are pending or deactivated).
 * - `webDist`: serve this existing build instead of building (e.g. `--web-dist apps/web/dist` to skip
 *   the ~1 minute build while developing); its `dist-server/` must be beside it, or the start fails.
 *   `build: false` with no `webDist` serves apps/web/dist as is.
 * - `core`: the CPU core the server is pinned to (taskset), as in `startNode`.
 * - `tls`: HTTPS, HTTP/2 and HTTP/1.1 on one port (TLS_CERT_FILE, TLS_KEY_FILE) with a self-signed
 *   certificate made for the run (`certificate`); this process trusts it (setDefaultCACertificates).
 * - Logging in: `logIn(context, n)` inserts a session (createSession, as the login route does) and adds
 *   its cookie and the member's language cookie (as the login route sets them) to a Playwright BrowserContext, so repeated cold visits do not trip the login rate limit
 *   (10 a minute per IP). B6 logs in through the real login form itself.
 */
import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { connectDatabase, migrateDatabase, type Db } from '../../apps/server/src/db/client.ts';
import { createSession, SESSION_COOKIE } from '../../apps/server/src/features/auth/sessions.service.ts';
import { LANGUAGE_COOKIE } from '@motema/shared/public-pages';
import { parseEnv } from '../../apps/server/src/env.ts';
import { createMediaStorage } from '../../apps/server/src/lib/storage.ts';
import { AFRICAN_CITIES, SEED_PASSWORD } from '../../apps/server/src/seed/members.ts';
import { seed } from '../../apps/server/src/seed/seed.ts';
import {
  selfSignedCertificate,
  type SelfSignedCertificate,
} from '../../apps/server/src/test/self-signed-certificate.ts';
import { childEnv } from './child-env.ts';
import { freePort, openDatabase, startAppServer, type Child } from './processes.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const KINSHASA = AFRICAN_CITIES[0];
const BENCH_WORK_DIR = path.join(rootDir, 'node_modules', '.cache', 'motema');
export const SEED_PREFIX = 'pagebench_';

export type AppOptions = {
  /** Members to seed (default 300); a kept database that has seeded members is reused as it is. */
  members?: number;
  /** Posts the seeded members write (default 0; seed-posts.ts: 90% public, 30% with photos). */
  posts?: number;
  /** Keep the database in this folder (reused by the next run). */
  keepDir?: string;
  /** Pin the server to this core (taskset -c). */
  core?: string;
  /** Serve this web build instead of building one. */
  webDist?: string;
  /** Build the web app (default true unless webDist is given); false serves apps/web/dist. */
  build?: boolean;
  /**
   * Serve HTTPS (HTTP/2 and HTTP/1.1, ALPN) with a self-signed certificate made here, which this
   * process then trusts (its fetches); browsers are told of it by `certificate.spki`.
   */
  tls?: boolean;
};

/** `language`: the member's interface language, which logging in sets as the language cookie. */
export type SeedMember = { email: string; password: string; username: string; id: string; language: string };

export type RunningApp = {
  /** http://127.0.0.1:<port>, or https:// with `tls` */
  url: string;
  /** With `tls`: the server's certificate (for Chromium: --ignore-certificate-errors-spki-list=spki). */
  certificate?: SelfSignedCertificate;
  databaseUrl: string;
  db: Db;
  /** The folder served as the web app. */
  webDist: string;
  /** The n-th (from 1) seeded member who can log in and shows in lists. */
  member(n: number): SeedMember;
  /** Adds a fresh session cookie of member n to a browser context (no login request). */
  logIn(context: BrowserContext, n: number): Promise<void>;
  /**
   * The newest seeded public photo post with a caption, outside zones, by a member who shows in
   * lists: what a member shares with a visitor. Needs `posts`.
   */
  publicPost(): Promise<string>;
  /** The id of a seeded member with an avatar who shows in lists (member 2 or after): a public profile. */
  publicProfile(): Promise<string>;
  server: Child;
  stop(): Promise<void>;
};

/**
 * What `npm run build` builds, on the running Node (vite's own `#!/usr/bin/env node` would take the
 * machine's node, which may be too old for vite.config.ts): the browser's build into `outDir` and,
 * unless `server` is false, the server's build of the app beside it (`dist-server/`, which paints home,
 * a profile, a post and a zone: without it the server answers those pages with the bare shell).
 */
export async function buildWeb(outDir: string, { server = true }: { server?: boolean } = {}): Promise<void> {
  const started = performance.now();
  await viteBuild(['--outDir', outDir]);
  if (server)
    await viteBuild([
      '--config',
      'vite.server.config.ts',
      '--outDir',
      path.join(outDir, '..', 'dist-server'),
    ]);
  console.log(`Web app built into ${outDir} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

function viteBuild(args: string[]): Promise<void> {
  const vite = path.join(rootDir, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', ...args, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: path.join(rootDir, 'apps', 'web'),
      env: childEnv(),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited ${code}`))));
  });
}

/** Seeds `count` members with avatars and activity (`seed()`), unless the database has them already. */
async function seedOnce(db: Db, dataDir: string, count: number, posts: number): Promise<void> {
  const [row] = (
    await db.execute(sql`SELECT count(*)::int AS n FROM users WHERE username LIKE ${SEED_PREFIX + '%'}`)
  ).rows as { n: number }[];
  if ((row?.n ?? 0) > 0) return;
  const started = performance.now();
  const storage = createMediaStorage(parseEnv({ DATA_DIR: dataDir }));
  await seed({ db, storage }, { members: count, posts, prefix: SEED_PREFIX });
  console.log(
    `Seeded ${count} members and ${posts} posts (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
}

async function loginable(db: Db): Promise<SeedMember[]> {
  const rows = (
    await db.execute(sql`
      SELECT id, username, email, language FROM users
      WHERE username LIKE ${SEED_PREFIX + '%'} AND status = 'active' AND first_name IS NOT NULL
        AND first_name <> '' AND sex IS NOT NULL AND latitude IS NOT NULL
      ORDER BY (latitude - ${KINSHASA.latitude}) ^ 2 + (longitude - ${KINSHASA.longitude}) ^ 2, username`)
  ).rows as { id: string; username: string; email: string; language: string }[];
  return rows.map((row) => ({ ...row, password: SEED_PASSWORD }));
}

export async function startApp(options: AppOptions = {}): Promise<RunningApp> {
  const count = options.members ?? 300;
  const database = await openDatabase(options.keepDir, 'app');
  const { db, close } = connectDatabase(database.url, { max: 4 });
  // Inside the repository: the server's build of the web app imports packages from node_modules.
  await mkdir(BENCH_WORK_DIR, { recursive: true });
  const temp = await mkdtemp(path.join(BENCH_WORK_DIR, 'bench-app-'));
  // Media (the seeded avatars) beside a kept database, so a reused database keeps its pictures.
  const dataDir = options.keepDir ? path.resolve(options.keepDir, 'data') : path.join(temp, 'data');
  let server: Child | undefined;
  try {
    await migrateDatabase(db);
    await seedOnce(db, dataDir, count, options.posts ?? 0);
    const members = await loginable(db);
    if (members.length === 0) throw new Error('no seeded member can log in');

    let webDist = options.webDist ? path.resolve(options.webDist) : path.join(rootDir, 'apps/web/dist');
    if (!options.webDist && options.build !== false) {
      webDist = path.join(temp, 'web');
      await buildWeb(webDist);
    }
    if (!existsSync(path.join(webDist, '..', 'dist-server', 'server-paint.js')))
      throw new Error(
        `no server build beside ${webDist} (dist-server/): the server would not paint its pages`,
      );
    const port = await freePort();
    const certificate = options.tls ? selfSignedCertificate() : undefined;
    const tlsEnv: Record<string, string> = {};
    if (certificate) {
      tlsEnv.TLS_CERT_FILE = path.join(temp, 'cert.pem');
      tlsEnv.TLS_KEY_FILE = path.join(temp, 'key.pem');
      await writeFile(tlsEnv.TLS_CERT_FILE, certificate.cert);
      await writeFile(tlsEnv.TLS_KEY_FILE, certificate.key);
      setDefaultCACertificates([...getCACertificates('default'), certificate.cert]);
    }
    server = await startAppServer({
      databaseUrl: database.url,
      port: port,
      dataDir: dataDir,
      webDist: webDist,
      core: options.core,
      env: tlsEnv,
    });
    const url = `${certificate ? 'https' : 'http'}://127.0.0.1:${port}`;
    const member = (n: number): SeedMember => {
      const found = members[n - 1];
      if (!found) throw new Error(`member ${n}: only ${members.length} seeded members can log in`);
      return found;
    };
    const running: RunningApp = {
      url,
      databaseUrl: database.url,
      db,
      webDist,
      certificate,
      server,
      member,
      async logIn(context, n) {
        const { id, language } = member(n);
        const { token } = await createSession(db, id, 'bench');
        // With the session, the member's language, as the login route sets both (plugins/session.ts).
        await context.addCookies([
          { name: SESSION_COOKIE, value: token, url, httpOnly: true, sameSite: 'Lax' },
          { name: LANGUAGE_COOKIE, value: language, url, sameSite: 'Lax' },
        ]);
      },
      async publicPost() {
        const listed = members.map((m) => m.id);
        const [row] = (
          await db.execute(sql`
            SELECT p.id FROM posts p
            WHERE p.visibility = 'public' AND p.status = 'ready' AND p.kind = 'photo' AND p.text <> ''
              AND p.zone_id IS NULL AND p.author_id::text IN ${listed}
            ORDER BY p.created_at DESC LIMIT 1`)
        ).rows as { id: string }[];
        if (!row) throw new Error('no public photo post seeded: seed with posts (a fresh --keep folder)');
        return row.id;
      },
      async publicProfile() {
        const ids = members.slice(1).map((m) => m.id);
        const rows = (
          await db.execute(sql`SELECT id FROM users WHERE id::text IN ${ids} AND avatar_photo_id IS NOT NULL`)
        ).rows as { id: string }[];
        const found = ids.find((id) => rows.some((row) => row.id === id));
        if (!found) throw new Error('no seeded member with an avatar shows in lists');
        return found;
      },
      async stop() {
        await server?.stop();
        await close();
        await database.stop();
        await rm(temp, { recursive: true, force: true });
      },
    };
    return running;
  } catch (error) {
    await server?.stop();
    await close();
    await database.stop();
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}
