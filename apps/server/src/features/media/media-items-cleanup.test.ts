import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaItems } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, waitFor } from '../../test/factories.ts';
import { samples, storedFiles } from '../../test/media-factories.ts';
import {
  createAudioItem,
  createPhotoItem,
  createProcessingItem,
  createVideoItem,
  postMediaUpload,
} from '../../test/media-item-factories.ts';
import { claimMediaItems, mediaItemsByIds } from './media-items.service.ts';
import {
  UNCLAIMED_SWEEP_QUEUE,
  sendUnclaimedSweep,
  sweepUnclaimedMediaItems,
} from './media-items-sweep.service.ts';
import { UNCLAIMED_ITEM_TTL_MS } from './media-uploads.service.ts';

const filesUnder = async (t: TestApp, prefix: string) =>
  (await storedFiles(t)).filter((file) => file.startsWith(prefix)).map((file) => path.basename(file));
/** The jobs not completed, for a wait's failure to say where they stand. */
const jobsLeft = async (t: TestApp) =>
  (
    await t.db.execute(
      sql`SELECT name, state, retry_count FROM pgboss.job WHERE state <> 'completed' ORDER BY created_on`,
    )
  ).rows;
/**
 * Waits for what the queue's jobs do; on a shared, loaded machine a job retried after its first
 * attempt's failure (5 s later) may take longer than a plain wait's 10 s.
 */
const until = async (t: TestApp, check: () => Promise<boolean>, what: string) => {
  try {
    await waitFor(async () => ((await check()) ? true : undefined), what, 30_000);
  } catch (error) {
    const jobs = JSON.stringify(await jobsLeft(t));
    throw new Error(`${(error as Error).message}; jobs not completed: ${jobs}`, { cause: error });
  }
};

// Jobs' waits may take 30 s (until): each test may take longer than the config's 20 s.
describe('media items’ clean-up', { timeout: 60_000 }, () => {
  /** No sweep job waiting or running. */
  const startSweepDone = async () =>
    (
      await t.db.execute(
        sql`SELECT 1 FROM pgboss.job WHERE name = ${UNCLAIMED_SWEEP_QUEUE} AND state IN ('created', 'retry', 'active')`,
      )
    ).rows.length === 0;
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  describe('the unclaimed uploads’ sweep', () => {
    it('removes items no post or story claimed within a day, rows and files; keeps the rest', async () => {
      const owner = await createMember(t);
      const dayAgo = new Date(Date.now() - UNCLAIMED_ITEM_TTL_MS - 60_000);
      const stale = [
        await createPhotoItem(t, { owner, createdAt: dayAgo }),
        await createVideoItem(t, { owner, createdAt: dayAgo }),
        await createProcessingItem(t, { owner, createdAt: dayAgo }),
      ];
      const claimedOld = await createAudioItem(t, { owner, createdAt: dayAgo, claimedAt: new Date() });
      const fresh = await createPhotoItem(t, { owner });

      // (The app's own hourly sweep may run meanwhile: what matters is what is left.)
      await sweepUnclaimedMediaItems(t);
      const left = await mediaItemsByIds(
        t.db,
        [...stale, claimedOld, fresh].map((item) => item.id),
      );
      expect([...left.keys()].sort()).toEqual([claimedOld.id, fresh.id].sort());
      await until(
        t,
        async () =>
          (await Promise.all(stale.map((item) => filesUnder(t, item.folder)))).every((f) => f.length === 0),
        'the stale folders removed',
      );
      expect(await filesUnder(t, claimedOld.folder)).toEqual(['standard.m4a']);
      expect(await filesUnder(t, fresh.folder)).toHaveLength(4);
      // Run again: nothing more to do.
      expect(await sweepUnclaimedMediaItems(t)).toBe(0);
    });

    it('leaves an item to a claim in progress (the claim’s lock, SKIP LOCKED), never half to each', async () => {
      // The sweep the app offered when it started runs in the background: done before the race, or it
      // may take the item before the claim does (the claim then fails and the test waits forever).
      await until(t, startSweepDone, 'the sweep offered at the start');
      const owner = await createMember(t);
      const item = await createPhotoItem(t, {
        owner,
        createdAt: new Date(Date.now() - UNCLAIMED_ITEM_TTL_MS - 1000),
      });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let claimed!: () => void;
      const locked = new Promise<void>((resolve) => (claimed = resolve));
      const claim = t.db.transaction(async (tx) => {
        const rows = await claimMediaItems(tx, owner.user.id, [item.id], 'post');
        claimed();
        await held;
        return rows;
      });
      await locked;
      await sweepUnclaimedMediaItems(t);
      release();
      expect((await claim).map((row) => row.id)).toEqual([item.id]);
      expect((await mediaItemsByIds(t.db, [item.id])).get(item.id)!.claimedAt).not.toBeNull();
      // Claimed: the next sweeps leave it (and its files) alone.
      await sweepUnclaimedMediaItems(t);
      expect((await mediaItemsByIds(t.db, [item.id])).size).toBe(1);
      expect(await filesUnder(t, item.folder)).toHaveLength(4);
    });

    it('runs as its queue’s job (sent once an hour, whichever node offers it)', async () => {
      const item = await createPhotoItem(t, {
        createdAt: new Date(Date.now() - UNCLAIMED_ITEM_TTL_MS - 1000),
      });
      // The app offered this hour's sweep when it started: another offer in the hour is dropped.
      expect(await sendUnclaimedSweep(t.jobs)).toBe(false);
      await t.jobs.send(UNCLAIMED_SWEEP_QUEUE, {});
      await until(t, async () => (await mediaItemsByIds(t.db, [item.id])).size === 0, 'the sweep’s job');
      await until(t, async () => (await filesUnder(t, item.folder)).length === 0, 'its files removed');
    });
  });

  describe('account deletion (Z6)', () => {
    it('removes the member’s post and story media files, not anyone else’s', async () => {
      const member = await createMember(t);
      const other = await createMember(t);
      const upload = await postMediaUpload(t, member.cookie, await samples.small());
      expect(upload.statusCode, upload.body).toBe(201);
      await createVideoItem(t, { owner: member, claimedAt: new Date() });
      await createAudioItem(t, { owner: member, use: 'story', claimedAt: new Date() });
      const othersItem = await createVideoItem(t, { owner: other, claimedAt: new Date() });
      expect((await filesUnder(t, `media/${member.user.id}/`)).length).toBeGreaterThan(5);
      const othersFiles = await filesUnder(t, `media/${other.user.id}/`);

      const res = await asMember(t, member.cookie)('DELETE', '/api/users', { password: member.password });
      expect(res.statusCode).toBe(204);
      expect(await t.db.select().from(mediaItems).where(eq(mediaItems.ownerId, member.user.id))).toEqual([]);
      await until(
        t,
        async () => (await filesUnder(t, `media/${member.user.id}/`)).length === 0,
        'the member’s media removed',
      );
      expect(await filesUnder(t, `media/${other.user.id}/`)).toEqual(othersFiles);
      expect((await mediaItemsByIds(t.db, [othersItem.id])).size).toBe(1);
    });
  });
});
