import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildConversation, buildMessage } from '../../test/chat-factories.ts';
import { createProfile } from '../../test/discovery-factories.ts';
import { asMember, createMember, findUser } from '../../test/factories.ts';
import { buildPhoto } from '../../test/media-factories.ts';
import {
  createModerator,
  decide,
  pendingSelfie,
  requestsOf,
  verificationOf,
} from '../../test/verification-factories.ts';

describe('selfie verification: the console, the badge and a new main photo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const queue = async (staff: Awaited<ReturnType<typeof createModerator>>) => {
    const res = await asMember(t, staff.cookie)('GET', '/api/moderation/verifications?limit=100');
    expect(res.statusCode).toBe(200);
    return res.json() as { items: { _id: string; member: { _id: string } }[]; count: number };
  };

  it('answers every console route with 404 to a member, as an unknown path, and changes nothing', async () => {
    const member = await createMember(t);
    const id = await pendingSelfie(t, member);
    const as = asMember(t, (await createMember(t)).cookie);
    for (const res of [
      await as('GET', '/api/moderation/verifications'),
      await as('POST', `/api/moderation/verifications/${id}`, { decision: 'approve' }),
      await as('GET', `/api/moderation/verifications/${id}/selfie`),
    ]) {
      expect([res.statusCode, res.json().code]).toEqual([404, 'not_found']);
    }
    expect((await requestsOf(t.db, member.user.id))[0]?.state).toBe('pending');
    expect((await findUser(t.db, member.user.id))?.verifiedAt).toBeNull();
  });

  it('lists pending requests oldest first with the pose, the selfie and the profile photos, main first', async () => {
    const moderator = await createModerator(t);
    const [first, second] = [await createMember(t), await createMember(t)];
    const older = await buildPhoto(t, { owner: first });
    const main = await buildPhoto(t, { owner: first, avatar: true });
    const [firstId, secondId] = [await pendingSelfie(t, first), await pendingSelfie(t, second)];
    const { items, count } = await queue(moderator);
    const ids = items.map((item) => item._id);
    expect(ids.indexOf(firstId)).toBeLessThan(ids.indexOf(secondId));
    expect(count).toBe(items.length);
    const item = items.find((candidate) => candidate._id === firstId);
    const { pose } = (await requestsOf(t.db, first.user.id))[0]!;
    expect(item).toMatchObject({
      kind: 'selfie',
      member: { _id: first.user.id, username: first.user.username },
      pose: { id: pose, picture: `/poses/${pose}.svg` },
      selfie: `/api/moderation/verifications/${firstId}/selfie`,
      photos: [
        { _id: main.id, main: true },
        { _id: older.id, main: false },
      ],
    });
  });

  it('serves the selfie to the staff while pending, never after the decision', async () => {
    const moderator = await createModerator(t);
    const id = await pendingSelfie(t, await createMember(t));
    const selfie = await asMember(t, moderator.cookie)('GET', `/api/moderation/verifications/${id}/selfie`);
    expect(selfie.statusCode).toBe(200);
    expect(selfie.headers['content-type']).toBe('image/jpeg');
    expect(selfie.headers['cache-control']).toBe('private, no-store');
    expect(selfie.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    await decide(t, moderator, id, { decision: 'refuse', reason: 'face_not_visible' });
    const gone = await asMember(t, moderator.cookie)('GET', `/api/moderation/verifications/${id}/selfie`);
    expect(gone.statusCode).toBe(404);
    expect((await queue(moderator)).items.map((item) => item._id)).not.toContain(id);
  });

  it('shows the badge on cards, profiles and conversations once approved, not before', async () => {
    const viewer = await createProfile(t);
    const member = await createProfile(t);
    const conversation = await buildConversation(t, { members: [viewer, member] });
    await buildMessage(t, { conversation, sender: member });
    const badges = async () => {
      const as = asMember(t, viewer.cookie);
      const list = (await as('GET', '/api/users?limit=100')).json();
      const card = list.users.find((user: { _id: string }) => user._id === member.user.id);
      const profile = (await as('GET', `/api/users/${member.user.id}`)).json();
      const chats = (await as('GET', '/api/conversations')).json();
      const chat = chats.conversations.find((c: { _id: string }) => c._id === conversation.id);
      return [card?.verified, profile.verified, chat?.member.verified];
    };
    expect(await badges()).toEqual([false, false, false]);
    await decide(t, await createModerator(t), await pendingSelfie(t, member), { decision: 'approve' });
    expect(await badges()).toEqual([true, true, true]);
  });

  it('puts the badge on hold when a verified member changes their main photo, until a moderator confirms it', async () => {
    const member = await createMember(t);
    const moderator = await createModerator(t);
    await buildPhoto(t, { owner: member, avatar: true });
    await decide(t, moderator, await pendingSelfie(t, member), { decision: 'approve' });
    const same = await asMember(t, member.cookie)('PUT', '/api/users/avatar', {
      photo: (await findUser(t.db, member.user.id))!.avatarPhotoId,
    });
    expect(same.json().verified).toBe(true);
    const fresh = await buildPhoto(t, { owner: member });
    const changed = await asMember(t, member.cookie)('PUT', '/api/users/avatar', { photo: fresh.id });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().verified).toBe(false);
    expect(await verificationOf(t, member)).toEqual({
      state: 'pending',
      kind: 'photo_change',
      reason: null,
      pose: null,
    });
    const [held] = await requestsOf(t.db, member.user.id);
    expect(held).toMatchObject({ kind: 'photo_change', state: 'pending', pose: null, selfieKey: null });
    const item = (await queue(moderator)).items.find((candidate) => candidate._id === held!.id);
    expect(item).toMatchObject({
      kind: 'photo_change',
      selfie: null,
      pose: null,
      photos: [{ _id: fresh.id, main: true }, {}],
    });
    expect((await decide(t, moderator, held!.id, { decision: 'approve' })).statusCode).toBe(204);
    expect((await findUser(t.db, member.user.id))?.verifiedAt).toBeInstanceOf(Date);
  });

  it('a refused new main photo leaves the member unverified with the reason, free to send a selfie', async () => {
    const member = await createMember(t);
    const moderator = await createModerator(t);
    await decide(t, moderator, await pendingSelfie(t, member), { decision: 'approve' });
    const photo = await buildPhoto(t, { owner: member });
    await asMember(t, member.cookie)('PUT', '/api/users/avatar', { photo: photo.id });
    const [held] = await requestsOf(t.db, member.user.id);
    await decide(t, moderator, held!.id, { decision: 'refuse', reason: 'not_same_person' });
    expect((await findUser(t.db, member.user.id))?.verifiedAt).toBeNull();
    expect(await verificationOf(t, member)).toMatchObject({
      state: 'refused',
      reason: 'not_same_person',
      pose: { id: expect.any(String) },
    });
  });

  it('keeps the badge when the member only clears their avatar (no new face to confirm)', async () => {
    const member = await createMember(t);
    await buildPhoto(t, { owner: member, avatar: true });
    await decide(t, await createModerator(t), await pendingSelfie(t, member), { decision: 'approve' });
    const cleared = await asMember(t, member.cookie)('PUT', '/api/users/avatar', { photo: null });
    expect(cleared.json().verified).toBe(true);
    expect((await requestsOf(t.db, member.user.id)).map((row) => row.state)).toEqual(['approved']);
  });
});
