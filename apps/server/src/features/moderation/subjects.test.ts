import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvents } from '../../app-events.ts';
import { messages, moderationSnapshots } from '../../db/schema.ts';
import { parseEnv } from '../../env.ts';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildConversation, buildMessage } from '../../test/chat-factories.ts';
import { asMember, createMember } from '../../test/factories.ts';
import { buildPhoto } from '../../test/media-factories.ts';
import { act, caseOf, createStaff, fileReport } from '../../test/moderation-factories.ts';
import { buildStory } from '../../test/story-factories.ts';
import { deleteExpiredEvidence } from './retention.service.ts';

const DAY_MS = 86_400_000;

describe('the subjects of cases: photos, stories, messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  /** A photo of `owner` with a real file under its variant's key. */
  async function photoWithFile(owner: Awaited<ReturnType<typeof createMember>>) {
    const photo = await buildPhoto(t, { owner });
    await t.storage.put(photo.variants[0]!.key, Buffer.from('the reported picture'), 'image/webp');
    return photo;
  }

  it('keeps a copy of a reported photo its owner deleted, served to the staff only', async () => {
    const owner = await createMember(t);
    const photo = await photoWithFile(owner);
    await fileReport(t, await createMember(t), { user: owner.user.id, photo: photo.id });
    const found = (await caseOf(t.db, 'photo', photo.id))!;
    expect(found.memberId).toBe(owner.user.id);
    expect((await asMember(t, owner.cookie)('DELETE', `/api/photos/${photo.id}`)).statusCode).toBe(204);
    await t.storage.deletePrefix(`photos/${owner.user.id}/`);

    const staff = await createStaff(t);
    const detail = (await asMember(t, staff.cookie)('GET', `/api/moderation/cases/${found.id}`)).json();
    expect(detail.snapshot).toMatchObject({
      live: false,
      media: [{ kind: 'photo', url: `/api/moderation/cases/${found.id}/media/0` }],
    });
    const file = await asMember(t, staff.cookie)('GET', detail.snapshot.media[0].url);
    expect([file.statusCode, file.body]).toEqual([200, 'the reported picture']);
    expect((await asMember(t, owner.cookie)('GET', detail.snapshot.media[0].url)).statusCode).toBe(404);
  });

  it('refuses a report of a photo that is not the named member’s (404), storing nothing', async () => {
    const [owner, other] = [await createMember(t), await createMember(t)];
    const photo = await photoWithFile(owner);
    const res = await asMember(t, (await createMember(t)).cookie)('POST', '/api/reports', {
      user: other.user.id,
      photo: photo.id,
      reason: 'fake_account',
      subReason: 'my_photo',
    });
    expect(res.statusCode).toBe(404);
    expect(await caseOf(t.db, 'photo', photo.id)).toBeUndefined();
  });

  it('takes a reported message back for both members on removal; only a member of the conversation may report it', async () => {
    const [sender, reporter] = [await createMember(t), await createMember(t)];
    const conversation = await buildConversation(t, { members: [sender, reporter] });
    const message = await buildMessage(t, { conversation, sender, text: 'Send 100 $ by M-Pesa' });
    const outsider = await asMember(t, (await createMember(t)).cookie)('POST', '/api/reports', {
      user: sender.user.id,
      message: message.id,
      reason: 'scam_or_commercial',
      subReason: 'asks_for_money',
    });
    expect([outsider.statusCode, outsider.json().code]).toEqual([404, 'message_not_found']);
    await fileReport(t, reporter, {
      user: sender.user.id,
      message: message.id,
      reason: 'scam_or_commercial',
      subReason: 'asks_for_money',
    });
    const found = (await caseOf(t.db, 'message', message.id))!;
    const staff = await createStaff(t);
    const changed: AppEvents['message.changed'][] = [];
    t.app.deps.events.on('message.changed', async (payload) => void changed.push(payload));
    const res = await act(t, staff, found.id, { action: 'remove_content', rule: 'scam' });
    expect(res.json().snapshot).toMatchObject({ text: 'Send 100 $ by M-Pesa', live: false });
    const [row] = await t.db.select().from(messages).where(eq(messages.id, message.id));
    expect(row?.unsentAt).not.toBeNull();
    // Both members' open screens are told it was taken back.
    const views = changed
      .flatMap((event) => event.views)
      .filter((view) => view.message.row.id === message.id);
    expect(views.map((view) => view.userId).sort()).toEqual([sender.user.id, reporter.user.id].sort());
    expect(views.every((view) => view.message.row.unsentAt !== null)).toBe(true);
  });

  it('opens a case for a reported story with its caption', async () => {
    const author = await createMember(t);
    const story = await buildStory(t, { author });
    await fileReport(t, await createMember(t), { user: author.user.id, story: story.id });
    const found = (await caseOf(t.db, 'story', story.id))!;
    const staff = await createStaff(t);
    const detail = (await asMember(t, staff.cookie)('GET', `/api/moderation/cases/${found.id}`)).json();
    expect(detail).toMatchObject({
      subject: { kind: 'story', _id: story.id },
      member: { _id: author.user.id },
      snapshot: { live: true },
    });
  });

  it('deletes a closed case’s snapshot and pictures after the retention period, keeping the case and its log', async () => {
    const owner = await createMember(t);
    const photo = await photoWithFile(owner);
    await fileReport(t, await createMember(t), { user: owner.user.id, photo: photo.id });
    const found = (await caseOf(t.db, 'photo', photo.id))!;
    await act(t, await createStaff(t), found.id, { action: 'dismiss' });
    const deps = {
      db: t.db,
      storage: t.storage,
      env: parseEnv({ ...process.env, MODERATION_RETENTION_DAYS: '180' }),
    };
    const run = () => deleteExpiredEvidence(deps as Parameters<typeof deleteExpiredEvidence>[0]);
    clock.advance(179 * DAY_MS);
    await run();
    expect(
      await t.db.select().from(moderationSnapshots).where(eq(moderationSnapshots.caseId, found.id)),
    ).toHaveLength(1);
    clock.advance(2 * DAY_MS);
    expect(await run()).toBeGreaterThanOrEqual(1);
    expect(
      await t.db.select().from(moderationSnapshots).where(eq(moderationSnapshots.caseId, found.id)),
    ).toEqual([]);
    expect(await t.storage.get(`moderation/${found.id}/0`)).toBeNull();
    expect(await caseOf(t.db, 'photo', photo.id)).toMatchObject({ id: found.id, state: 'closed' });
  });
});
