import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELFIE_MAX_BYTES, VERIFICATION_POSES } from '@motema/shared/verification';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, findUser } from '../../test/factories.ts';
import { storedFiles } from '../../test/media-factories.ts';
import {
  createModerator,
  decide,
  pendingSelfie,
  requestsOf,
  sendSelfie,
  verificationOf,
} from '../../test/verification-factories.ts';

/** The member's selfies in the storage (kept under their photo folder). */
const selfiesOf = async (t: TestApp, userId: string) =>
  (await storedFiles(t)).filter((file) => file.startsWith(`photos/${userId}/selfie-`));

describe('selfie verification: a member sends a selfie, a moderator decides', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('draws a pose at random and keeps it bound to the member until they send a selfie', async () => {
    const member = await createMember(t);
    const first = await verificationOf(t, member);
    expect(first).toEqual({
      state: 'none',
      kind: null,
      reason: null,
      pose: { id: expect.any(String), picture: `/poses/${first.pose!.id}.svg` },
    });
    expect(VERIFICATION_POSES).toContain(first.pose!.id);
    for (let read = 0; read < 5; read++) expect((await verificationOf(t, member)).pose).toEqual(first.pose);
    const [started] = await requestsOf(t.db, member.user.id);
    expect(started).toMatchObject({
      kind: 'selfie',
      state: 'started',
      pose: first.pose!.id,
      selfieKey: null,
    });
  });

  it('draws different poses for different members (not one fixed pose)', async () => {
    const poses = new Set<string>();
    for (let i = 0; i < 12; i++) poses.add((await verificationOf(t, await createMember(t))).pose!.id);
    expect(poses.size).toBeGreaterThan(1);
  });

  it('takes the selfie with the drawn pose: pending, stored privately, no pose offered any more', async () => {
    const member = await createMember(t);
    const { pose } = await verificationOf(t, member);
    const res = await sendSelfie(t, member, pose!.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ state: 'pending', kind: 'selfie', reason: null, pose: null });
    expect(await verificationOf(t, member)).toEqual(res.json());
    const [row] = await requestsOf(t.db, member.user.id);
    expect(row).toMatchObject({ state: 'pending', selfieKey: expect.stringMatching(/\.jpg$/) });
    expect(await selfiesOf(t, member.user.id)).toEqual([row!.selfieKey]);
    const again = await sendSelfie(t, member, pose!.id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'verification_pending']);
    expect(await selfiesOf(t, member.user.id)).toHaveLength(1);
  });

  it.each([
    ['another pose than the one drawn', 'other-pose', undefined, 400, 'validation_failed'],
    [
      'text named as a JPEG',
      'drawn',
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      400,
      'selfie_type_unsupported',
    ],
    ['a file under another field', 'drawn', { field: 'file' }, 400, 'selfie_missing'],
    [
      'a file larger than the limit',
      'drawn',
      { bytes: Buffer.alloc(SELFIE_MAX_BYTES + 1, 0xff) },
      413,
      'selfie_too_large',
    ],
  ])('refuses %s: nothing stored, still started', async (_name, which, file, status, code) => {
    const member = await createMember(t);
    const { pose } = await verificationOf(t, member);
    const other = VERIFICATION_POSES.find((candidate) => candidate !== pose!.id)!;
    const res = await sendSelfie(t, member, which === 'drawn' ? pose!.id : other, file);
    expect([res.statusCode, res.json().code]).toEqual([status, code]);
    expect(await requestsOf(t.db, member.user.id)).toEqual([
      expect.objectContaining({ state: 'started', selfieKey: null }),
    ]);
    expect(await selfiesOf(t, member.user.id)).toEqual([]);
  });

  it('refuses a selfie sent before any pose was drawn, whatever pose it names (no guessing)', async () => {
    const member = await createMember(t);
    for (const pose of VERIFICATION_POSES) {
      const res = await sendSelfie(t, member, pose);
      expect([res.statusCode, res.json().code]).toEqual([400, 'validation_failed']);
    }
    expect(await requestsOf(t.db, member.user.id)).toEqual([]);
    expect(await selfiesOf(t, member.user.id)).toEqual([]);
  });

  it('approval gives the badge, lifts a required verification and deletes the selfie (file and key)', async () => {
    const member = await createMember(t, { verificationRequired: true });
    expect((await verificationOf(t, member)).state).toBe('required');
    const id = await pendingSelfie(t, member);
    const moderator = await createModerator(t);
    const res = await decide(t, moderator, id, { decision: 'approve' });
    expect(res.statusCode).toBe(204);
    expect(await findUser(t.db, member.user.id)).toMatchObject({
      verifiedAt: expect.any(Date),
      verificationRequired: false,
    });
    expect(await verificationOf(t, member)).toEqual({
      state: 'verified',
      kind: null,
      reason: null,
      pose: null,
    });
    const [row] = await requestsOf(t.db, member.user.id);
    expect(row).toMatchObject({
      state: 'approved',
      selfieKey: null,
      decidedBy: moderator.user.id,
      reason: null,
    });
    expect(await selfiesOf(t, member.user.id)).toEqual([]);
    const me = await asMember(t, member.cookie)('GET', '/api/users/profile');
    expect(me.json()).toMatchObject({ verified: true, verificationRequired: false });
    const late = await sendSelfie(t, member, 'thumbs_up');
    expect([late.statusCode, late.json().code]).toEqual([409, 'already_verified']);
  });

  it('refusal keeps the member unverified with the reason, deletes the selfie, and lets them try again', async () => {
    const member = await createMember(t);
    const id = await pendingSelfie(t, member);
    const res = await decide(t, await createModerator(t, 'admin'), id, {
      decision: 'refuse',
      reason: 'pose_not_matching',
    });
    expect(res.statusCode).toBe(204);
    expect((await findUser(t.db, member.user.id))?.verifiedAt).toBeNull();
    const state = await verificationOf(t, member);
    expect(state).toMatchObject({
      state: 'refused',
      reason: 'pose_not_matching',
      pose: { id: expect.any(String) },
    });
    expect(await selfiesOf(t, member.user.id)).toEqual([]);
    expect((await sendSelfie(t, member, state.pose!.id)).statusCode).toBe(201);
  });

  it('decides once: a second decision is 409, an unknown id 404, a bad reason 400 and nothing changes', async () => {
    const member = await createMember(t);
    const id = await pendingSelfie(t, member);
    const moderator = await createModerator(t);
    const bad = await decide(t, moderator, id, { decision: 'refuse', reason: 'ugly' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'validation_failed']);
    expect((await requestsOf(t.db, member.user.id))[0]?.state).toBe('pending');
    expect((await decide(t, moderator, id, { decision: 'approve' })).statusCode).toBe(204);
    const twice = await decide(t, moderator, id, { decision: 'refuse', reason: 'photo_quality' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'verification_decided']);
    expect((await requestsOf(t.db, member.user.id))[0]?.state).toBe('approved');
    const unknown = await decide(t, moderator, crypto.randomUUID(), { decision: 'approve' });
    expect(unknown.statusCode).toBe(404);
  });
});
