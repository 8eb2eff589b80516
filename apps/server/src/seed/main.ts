/**
 * `npm run seed -- --members N [--posts N] [--zones N] [--prefix P] [--no-activity]`: adds N realistic members with
 * avatars, activity and posts to the database `npm start` uses (DATABASE_URL, or the embedded PostgreSQL under
 * DATA_DIR: stop the app first, the embedded server is one process per data folder), after bringing
 * its schema up to date. Every seeded member logs in with SEED_PASSWORD.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateDatabase } from '../db/client.ts';
import { runWithConfiguredDatabase } from '../db/command-database.ts';
import { loadEnv } from '../env.ts';
import { createMediaStorage } from '../lib/storage.ts';
import { SEED_PASSWORD } from './members.ts';
import { defaultSeedPrefix, seed } from './seed.ts';

const USAGE = `Usage: npm run seed -- [--members N] [--posts N] [--zones N] [--prefix P] [--no-activity]
  --members N     members to add (default 1000)
  --posts N       posts by them, with photos, allow lists, likes and comments (default 10 a member;
                  B8 seeds 1,000,000 over 100,000 members)
  --zones N       zones led by them, public and private, about 10 members each on a long tail
                  (default 0; B10 seeds 100,000 zones and about 1,000,000 memberships)
  --prefix P      usernames P1..PN (default: a fresh prefix per run, so runs add members)
  --no-activity   members and avatars only: no ratings, matches, visits or conversations`;

function parseOptions() {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '1000' },
      posts: { type: 'string' },
      zones: { type: 'string', default: '0' },
      prefix: { type: 'string' },
      'no-activity': { type: 'boolean', default: false },
      batch: { type: 'string', default: '100000' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const members = Number(values.members.replaceAll('_', ''));
  const batch = Number(values.batch);
  if (!Number.isInteger(members) || members < 1 || !Number.isInteger(batch) || batch < 1) {
    throw new Error(`--members and --batch take a whole number, at least 1\n${USAGE}`);
  }
  const posts = values.posts === undefined ? members * 10 : Number(values.posts.replaceAll('_', ''));
  if (!Number.isInteger(posts) || posts < 0)
    throw new Error(`--posts takes a whole number, at least 0\n${USAGE}`);
  const zones = Number(values.zones.replaceAll('_', ''));
  if (!Number.isInteger(zones) || zones < 0)
    throw new Error(`--zones takes a whole number, at least 0\n${USAGE}`);
  return {
    members,
    posts,
    zones,
    batch,
    prefix: values.prefix ?? defaultSeedPrefix(),
    activity: !values['no-activity'],
  };
}

let options;
let env;
try {
  options = parseOptions();
  env = loadEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

await runWithConfiguredDatabase(
  env,
  { max: 4, describe: (error) => (error instanceof Error ? error.message : error) },
  async (db) => {
    await migrateDatabase(db);
    const storage = createMediaStorage(env);
    console.log(
      `Seeding ${options.members.toLocaleString('en')} members, ${options.posts.toLocaleString('en')} posts and ${options.zones.toLocaleString('en')} zones (prefix ${options.prefix}${options.activity ? '' : ', no activity'})...`,
    );
    const summary = await seed({ db, storage }, { ...options, log: (line) => console.log(`  ${line}`) });
    const figure = (n: number) => n.toLocaleString('en');
    console.log(`
Added in ${summary.timings.total!.toFixed(1)} s: ${figure(summary.members)} members, ${figure(summary.avatars)} avatars, ${figure(summary.ratings)} ratings, ${figure(summary.matches)} matches, ${figure(summary.visits)} visits, ${figure(summary.conversations)} conversations, ${figure(summary.messages)} messages, ${figure(summary.posts.posts)} posts (${figure(summary.posts.postPhotos)} photos, ${figure(summary.posts.postLikes)} likes, ${figure(summary.posts.comments)} comments), ${figure(summary.zones.zones)} zones (${figure(summary.zones.zoneMembers)} memberships).
Log in as ${summary.prefix}1 ... ${summary.prefix}${summary.members} (or ${summary.prefix}1@seed.example) with the password ${SEED_PASSWORD}
Moderation console (/moderation): ${summary.prefix}1 is an admin, ${summary.prefix}2 a moderator
Avatar files: ${storage.kind === 's3' ? `S3 bucket ${env.S3_BUCKET}` : path.resolve(env.DATA_DIR, 'media')}, under seed/avatars/${summary.prefix}/`);
  },
);
