import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, type Member } from '../../test/factories.ts';
import { addToZone, banFromZone, buildZone, roleIn, zoneCall, zoneState } from '../../test/zone-factories.ts';

const DAY = 24 * 60 * 60 * 1000;
const LONG_TEXT = `${'We run along the river every Saturday morning, '.repeat(6)}and share breakfast after.`;

describe('zones: an invite link shows what it invites to before anyone joins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const as = (member: Member | null) => zoneCall(t, member);
  const preview = (member: Member | null, token: string) =>
    as(member)('GET', `/api/zones/by-invite/${encodeURIComponent(token)}`);
  const join = (member: Member, token: string) => as(member)('POST', '/api/zones/by-invite', { token });

  async function zoneWithLink(access: 'public' | 'private', body: object = {}) {
    const zone = await buildZone(t, { access, questions: access === 'private' ? ['Why?'] : [] });
    await as(zone.admin)('PATCH', `/api/zones/${zone.id}`, { description: LONG_TEXT });
    const res = await as(zone.admin)('POST', `/api/zones/${zone.id}/invites`, body);
    expect(res.statusCode).toBe(201);
    return { ...zone, invite: res.json<{ _id: string; token: string }>() };
  }

  it("previews a private zone's title, name, cover and count only; nothing joined, no use counted", async () => {
    const { id, name, invite } = await zoneWithLink('private', { maxUses: 1, needsApproval: true });
    const guest = await createMember(t);
    const before = await zoneState(t.db, id);
    const seen = await preview(guest, invite.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({
      zone: {
        _id: id,
        title: 'Kinshasa runners',
        name,
        coverImage: null,
        access: 'private',
        members: 1,
        description: null,
      },
      needsApproval: true,
      expiresAt: expect.any(String),
      role: null,
      banned: false,
    });
    // Seen twice: still nobody joined, the single use still there.
    expect((await preview(guest, invite.token)).statusCode).toBe(200);
    expect(await zoneState(t.db, id)).toEqual(before);
    expect(await roleIn(t.db, id, guest)).toBeNull();
    expect((await join(guest, invite.token)).json().role).toBe('waiting');
    expect((await preview(guest, invite.token)).json().code).toBe('zone_invite_used_up');
  });

  it("previews a public zone's first words, and tells the caller their place in it", async () => {
    const { id, invite } = await zoneWithLink('public');
    const guest = await createMember(t);
    const { description } = (await preview(guest, invite.token)).json().zone;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^We run along the river every Saturday morning, .*\S…$/);
    expect(LONG_TEXT.startsWith(description.slice(0, -1))).toBe(true);

    const member = await addToZone(t, id, 'member');
    expect((await preview(member, invite.token)).json()).toMatchObject({ role: 'member', banned: false });
    const banned = await banFromZone(t, id);
    expect((await preview(banned, invite.token)).json()).toMatchObject({ role: null, banned: true });
    expect((await preview(null, invite.token)).statusCode).toBe(401);
  });

  it('says why a link no longer works, the same to the preview and to the join', async () => {
    const { id, admin, invite: once } = await zoneWithLink('public', { maxUses: 1 });
    const make = async (body: object) =>
      (await as(admin)('POST', `/api/zones/${id}/invites`, body)).json<{ _id: string; token: string }>();
    const expiring = await make({ days: 1 });
    const revoked = await make({ days: 7 });
    expect((await as(admin)('DELETE', `/api/zones/${id}/invites/${revoked._id}`)).statusCode).toBe(204);
    const [first, late] = [await createMember(t), await createMember(t)];
    expect((await join(first, once.token)).statusCode).toBe(201);
    clock.advance(DAY);
    const before = await zoneState(t.db, id);
    const cases = [
      [once.token, 'zone_invite_used_up'],
      [expiring.token, 'zone_invite_expired'],
      [revoked.token, 'zone_invite_revoked'],
      ['not-a-real-token-at-all-0000', 'zone_invite_invalid'],
    ];
    for (const [token, code] of cases) {
      const seen = await preview(late, token!);
      expect([seen.statusCode, seen.json().code], `preview of ${code}`).toEqual([410, code]);
      const used = await join(late, token!);
      expect([used.statusCode, used.json().code], `join of ${code}`).toEqual([410, code]);
    }
    expect((await preview(late, 'short')).statusCode).toBe(400);
    expect(await zoneState(t.db, id)).toEqual(before);
    expect(await roleIn(t.db, id, late)).toBeNull();
  });
});
