import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveFrames, moderationSnapshots, reports } from '../../db/schema.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, type Member } from '../../test/factories.ts';
import { createLiveMember, join, liveRow, putOnAir, startLiveAs } from '../../test/live-factories.ts';
import { act, caseOf, createStaff, FAKE, fileReport } from '../../test/moderation-factories.ts';
import { nextEvent, socketTestBed, within } from '../../test/socket-test-bed.ts';

/** A JPEG's first bytes: enough for the case to copy a frame's file. */
const FRAME = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

/**
 * A live reported with the profile's reasons: its case (subject `live`) keeps its title and latest
 * sampled frames; a moderator's removal ends it as `moderator`, and a suspension or a ban of its
 * broadcaster ends it at once; its viewers hear that it ended.
 */
describe('a live’s reports and moderation', () => {
  // Sockets a test opens close after it, then the app after the block (socket-test-bed.ts).
  const bed = socketTestBed();
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });

  async function watched() {
    const host = await createLiveMember(t);
    const live = await startLiveAs(t, host, { audience: 'everyone', title: 'Night market' });
    await putOnAir(t, live._id);
    const viewer = await createMember(t);
    const socket = await bed.socketOf({ cookie: viewer.cookie });
    await join(socket, live._id);
    return { host, viewer, socket, liveId: live._id };
  }

  const report = (reporter: Member, body: object) =>
    asMember(t, reporter.cookie)('POST', '/api/reports', { ...FAKE, ...body });

  it('a viewer reports it; its case keeps the title and the latest frames; a second report is a 409', async () => {
    const { host, viewer, liveId } = await watched();
    for (const [index, at] of [1, 2, 3, 4].entries()) {
      const key = `lives/${liveId}/frames/${index}.jpg`;
      await t.storage.put(key, FRAME, 'image/jpeg');
      await t.db.insert(liveFrames).values({ liveId, key, takenAt: new Date(Date.now() - (10 - at) * 1000) });
    }
    const reportId = await fileReport(t, viewer, {
      user: host.user.id,
      live: liveId,
      reason: 'inappropriate_content',
      subReason: 'nudity',
    });
    const [row] = await t.db.select().from(reports).where(eq(reports.id, reportId));
    expect(row).toMatchObject({ liveId, reportedId: host.user.id });
    const found = (await caseOf(t.db, 'live', liveId))!;
    expect(found.memberId).toBe(host.user.id);
    const [snapshot] = await t.db
      .select()
      .from(moderationSnapshots)
      .where(eq(moderationSnapshots.caseId, found.id));
    expect(snapshot!.text).toBe('Night market');
    expect(snapshot!.media).toHaveLength(3);
    expect(snapshot!.media.every((item) => item.kind === 'photo')).toBe(true);
    const again = await report(viewer, { user: host.user.id, live: liveId });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('live_already_reported');
  });

  it('refuses a report from a member with no place in it, or naming another member (404), storing nothing', async () => {
    const { host, liveId } = await watched();
    const stranger = await createMember(t);
    const matchesOnly = await startLiveAs(t, await createLiveMember(t), { audience: 'matches' });
    const other = await createMember(t);
    const before = (await t.db.select().from(reports)).length;
    expect((await report(stranger, { user: other.user.id, live: liveId })).statusCode).toBe(404);
    expect(
      (await report(stranger, { user: matchesOnly.broadcaster._id, live: matchesOnly._id })).json().code,
    ).toBe('live_not_found');
    expect((await report(host, { user: host.user.id, live: liveId })).statusCode).toBe(400);
    expect((await t.db.select().from(reports)).length).toBe(before);
  });

  it('a moderator’s removal ends it as `moderator`; its viewers hear it ended', async () => {
    const { host, viewer, socket, liveId } = await watched();
    await fileReport(t, viewer, { user: host.user.id, live: liveId });
    const found = (await caseOf(t.db, 'live', liveId))!;
    const ended = nextEvent(socket, 'lives:ended');
    const res = await act(t, await createStaff(t), found.id, {
      action: 'remove_content',
      rule: 'sexual_content',
    });
    expect(res.statusCode).toBe(200);
    expect(await within(ended, 'lives:ended')).toEqual({ liveId, reason: 'moderator' });
    expect(await liveRow(t, liveId)).toMatchObject({ status: 'ended', endReason: 'moderator' });
  });

  it('suspending or banning the broadcaster ends their live at once', async () => {
    for (const action of [{ action: 'suspend', days: 7 }, { action: 'ban' }]) {
      const { host, viewer, socket, liveId } = await watched();
      await fileReport(t, viewer, { user: host.user.id });
      const found = (await caseOf(t.db, 'member', host.user.id))!;
      const ended = nextEvent(socket, 'lives:ended');
      const res = await act(t, await createStaff(t, 'admin'), found.id, {
        ...action,
        rule: 'sexual_content',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await within(ended, 'lives:ended')).toEqual({ liveId, reason: 'moderator' });
      expect((await liveRow(t, liveId)).endReason).toBe('moderator');
    }
  });
});
