import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@motema/shared/errors';
import { zones } from '../../db/schema.ts';
import { apiRoutes } from '../../test/api-routes.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, type Member } from '../../test/factories.ts';
import { createPhotoItem } from '../../test/media-item-factories.ts';
import { buildComment, buildPost } from '../../test/post-factories.ts';
import { buildBlock } from '../../test/safety-factories.ts';
import {
  addToZone,
  banFromZone,
  buildZone,
  zoneCall,
  zoneName,
  zoneState,
} from '../../test/zone-factories.ts';

/** A file every cover has: its thumbnail. */
const COVER_FILE = '160.webp';

/** Every caller of decision 0041's table: roles in the zone, and those outside it. */
const CALLERS = [
  'admin',
  'manager',
  'member',
  'waiting',
  'non-member',
  'visitor',
  'removed',
  'banned',
  'blocked by the admin',
  'blocking the admin',
] as const;
type Caller = (typeof CALLERS)[number];

type World = {
  zone: string;
  admin: Member;
  target: Member;
  applicant: Member;
  invite: { _id: string; token: string };
  /** A post in the zone by `target`, with a comment of theirs. */
  post: string;
  comment: string;
};
type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: object };

const OUTSIDE: Caller[] = ['non-member', 'removed', 'blocked by the admin', 'blocking the admin'];
const IN_ZONE: Caller[] = ['admin', 'manager', 'member'];

/** The statuses: `ok` for `allowed`, 401 for the visitor, `refused` (403 unless told) for the others. */
function only(allowed: Caller[], ok: number, others: Partial<Record<Caller, number>> = {}, refused = 403) {
  return Object.fromEntries(
    CALLERS.map((caller) => [
      caller,
      others[caller] ?? (caller === 'visitor' ? 401 : allowed.includes(caller) ? ok : refused),
    ]),
  ) as Record<Caller, number>;
}
const entering = only(OUTSIDE, 201, { banned: 403, admin: 409, manager: 409, member: 409, waiting: 409 });
const everyMember = only(
  CALLERS.filter((caller) => caller !== 'visitor'),
  200,
);

/** Every zone route: its world (private unless told), the call, and each caller's status. */
const ROUTES: Record<string, { public?: boolean; call: (w: World) => Call; expect: Record<Caller, number> }> =
  {
    'POST /api/zones': {
      call: () => ({
        method: 'POST',
        url: '/api/zones',
        body: { title: 'Runners', name: zoneName(), access: 'public' },
      }),
      expect: only(
        CALLERS.filter((caller) => caller !== 'visitor'),
        201,
      ),
    },
    'GET /api/zones/mine': { call: () => ({ method: 'GET', url: '/api/zones/mine' }), expect: everyMember },
    'GET /api/zones/suggestions': {
      call: () => ({ method: 'GET', url: '/api/zones/suggestions' }),
      expect: everyMember,
    },
    'GET /api/zones/search': {
      call: () => ({ method: 'GET', url: '/api/zones/search?q=run' }),
      expect: everyMember,
    },
    'GET /api/zones/{id}': {
      public: true,
      call: (w) => ({ method: 'GET', url: `/api/zones/${w.zone}` }),
      expect: only(CALLERS.filter(Boolean), 200, { visitor: 200 }),
    },
    'GET /api/zones/{id}/cover/{file}': {
      public: true,
      call: (w) => ({ method: 'GET', url: `/api/zones/${w.zone}/cover/${COVER_FILE}` }),
      expect: only(CALLERS.filter(Boolean), 200, { visitor: 200 }),
    },
    'PATCH /api/zones/{id}': {
      call: (w) => ({ method: 'PATCH', url: `/api/zones/${w.zone}`, body: { title: 'Renamed' } }),
      expect: only(['admin'], 200),
    },
    'DELETE /api/zones/{id}': {
      call: (w) => ({ method: 'DELETE', url: `/api/zones/${w.zone}` }),
      expect: only(['admin'], 204),
    },
    'POST /api/zones/{id}/join': {
      public: true,
      call: (w) => ({ method: 'POST', url: `/api/zones/${w.zone}/join` }),
      expect: entering,
    },
    'POST /api/zones/{id}/requests': {
      call: (w) => ({ method: 'POST', url: `/api/zones/${w.zone}/requests`, body: { answers: [] } }),
      expect: entering,
    },
    'DELETE /api/zones/{id}/requests/mine': {
      call: (w) => ({ method: 'DELETE', url: `/api/zones/${w.zone}/requests/mine` }),
      expect: only(['waiting'], 204, {}, 404),
    },
    'POST /api/zones/{id}/requests/mine/reminder': {
      call: (w) => ({ method: 'POST', url: `/api/zones/${w.zone}/requests/mine/reminder` }),
      expect: only(['waiting'], 204, {}, 404),
    },
    'POST /api/zones/{id}/requests/{user}/approve': {
      call: (w) => ({ method: 'POST', url: `/api/zones/${w.zone}/requests/${w.applicant.user.id}/approve` }),
      expect: only(['admin', 'manager'], 204),
    },
    'POST /api/zones/{id}/requests/{user}/decline': {
      call: (w) => ({
        method: 'POST',
        url: `/api/zones/${w.zone}/requests/${w.applicant.user.id}/decline`,
        body: {},
      }),
      expect: only(['admin', 'manager'], 204),
    },
    'GET /api/zones/{id}/membership': {
      call: (w) => ({ method: 'GET', url: `/api/zones/${w.zone}/membership` }),
      expect: everyMember,
    },
    'DELETE /api/zones/{id}/membership': {
      call: (w) => ({ method: 'DELETE', url: `/api/zones/${w.zone}/membership` }),
      expect: only(['manager', 'member'], 204, { admin: 409 }),
    },
    'GET /api/zones/{id}/members': {
      call: (w) => ({ method: 'GET', url: `/api/zones/${w.zone}/members` }),
      expect: only(IN_ZONE, 200),
    },
    'GET /api/zones/{id}/members/{user}': {
      call: (w) => ({ method: 'GET', url: `/api/zones/${w.zone}/members/${w.target.user.id}` }),
      expect: only(IN_ZONE, 200),
    },
    'PUT /api/zones/{id}/members/{user}/role': {
      call: (w) => ({
        method: 'PUT',
        url: `/api/zones/${w.zone}/members/${w.target.user.id}/role`,
        body: { role: 'manager' },
      }),
      expect: only(['admin'], 204),
    },
    'DELETE /api/zones/{id}/members/{user}': {
      call: (w) => ({ method: 'DELETE', url: `/api/zones/${w.zone}/members/${w.target.user.id}` }),
      expect: only(['admin', 'manager'], 204),
    },
    'GET /api/zones/{id}/bans': {
      call: (w) => ({ method: 'GET', url: `/api/zones/${w.zone}/bans` }),
      expect: only(['admin', 'manager'], 200),
    },
    'PUT /api/zones/{id}/bans/{user}': {
      call: (w) => ({ method: 'PUT', url: `/api/zones/${w.zone}/bans/${w.target.user.id}` }),
      expect: only(['admin', 'manager'], 204),
    },
    'DELETE /api/zones/{id}/bans/{user}': {
      call: (w) => ({ method: 'DELETE', url: `/api/zones/${w.zone}/bans/${w.target.user.id}` }),
      expect: only(['admin', 'manager'], 204),
    },
    'POST /api/zones/{id}/invites': {
      call: (w) => ({ method: 'POST', url: `/api/zones/${w.zone}/invites`, body: {} }),
      expect: only(['admin', 'manager'], 201),
    },
    'GET /api/zones/{id}/invites': {
      call: (w) => ({ method: 'GET', url: `/api/zones/${w.zone}/invites` }),
      expect: only(['admin', 'manager'], 200),
    },
    'DELETE /api/zones/{id}/invites/{invite}': {
      call: (w) => ({ method: 'DELETE', url: `/api/zones/${w.zone}/invites/${w.invite._id}` }),
      expect: only(['admin', 'manager'], 204),
    },
    'GET /api/zones/{id}/posts': {
      call: (w) => ({ method: 'GET', url: `/api/zones/${w.zone}/posts` }),
      expect: only(IN_ZONE, 200),
    },
    'POST /api/zones/{id}/posts': {
      call: (w) => ({ method: 'POST', url: `/api/zones/${w.zone}/posts`, body: { text: 'Sunday run?' } }),
      expect: only(IN_ZONE, 201),
    },
    'GET /api/zones/{id}/members/{user}/posts': {
      call: (w) => ({ method: 'GET', url: `/api/zones/${w.zone}/members/${w.target.user.id}/posts` }),
      expect: only(IN_ZONE, 200),
    },
    'DELETE /api/zones/{id}/posts/{post}': {
      call: (w) => ({ method: 'DELETE', url: `/api/zones/${w.zone}/posts/${w.post}` }),
      expect: only(['admin', 'manager'], 204),
    },
    'DELETE /api/zones/{id}/posts/{post}/comments/{comment}': {
      call: (w) => ({ method: 'DELETE', url: `/api/zones/${w.zone}/posts/${w.post}/comments/${w.comment}` }),
      expect: only(['admin', 'manager'], 204),
    },
    'GET /api/zones/by-invite/{token}': {
      call: (w) => ({ method: 'GET', url: `/api/zones/by-invite/${w.invite.token}` }),
      expect: everyMember,
    },
    'POST /api/zones/by-invite': {
      call: (w) => ({ method: 'POST', url: '/api/zones/by-invite', body: { token: w.invite.token } }),
      expect: entering,
    },
  };

describe('zones: every route for every caller (decision 0041)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A zone with its admin, a member to act on, a waiting applicant and an invite link; and the caller. */
  async function world(
    access: 'public' | 'private',
    caller: Caller,
  ): Promise<{ w: World; who: Member | null }> {
    const { id: zone, admin } = await buildZone(t, { access });
    const cover = await createPhotoItem(t, { owner: admin, claimedAt: new Date() });
    await t.db.update(zones).set({ coverItemId: cover.id }).where(eq(zones.id, zone));
    const target = await addToZone(t, zone, 'member');
    const applicant = await addToZone(t, zone, 'waiting');
    const invite = (await zoneCall(t, admin)('POST', `/api/zones/${zone}/invites`, {})).json<
      World['invite']
    >();
    const post = await buildPost(t, { author: target, zoneId: zone });
    const comment = await buildComment(t, { post, author: target });
    const w = { zone, admin, target, applicant, invite, post: post.id, comment: comment.id };
    if (caller === 'visitor') return { w, who: null };
    if (caller === 'admin') return { w, who: admin };
    if (caller === 'manager' || caller === 'member' || caller === 'waiting') {
      return { w, who: await addToZone(t, zone, caller) };
    }
    if (caller === 'banned') return { w, who: await banFromZone(t, zone) };
    const who = await createMember(t);
    if (caller === 'removed') {
      await addToZone(t, zone, 'member', who);
      expect(
        (await zoneCall(t, admin)('DELETE', `/api/zones/${zone}/members/${who.user.id}`)).statusCode,
      ).toBe(204);
    }
    if (caller === 'blocked by the admin') await buildBlock(t, { blocker: admin, blocked: who });
    if (caller === 'blocking the admin') await buildBlock(t, { blocker: who, blocked: admin });
    return { w, who };
  }

  it('has a row for every zone route of the OpenAPI document', () => {
    const documented = apiRoutes(t)
      .filter(({ url }) => url.startsWith('/api/zones'))
      .map(({ method, url }) => `${method} ${url}`);
    expect(documented.sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it.each(Object.keys(ROUTES))(
    '%s: each caller gets their status; a refusal changes nothing',
    async (route) => {
      const { public: isPublic, call, expect: expected } = ROUTES[route]!;
      const got: Record<string, number> = {};
      for (const caller of CALLERS) {
        const { w, who } = await world(isPublic ? 'public' : 'private', caller);
        const before = await zoneState(t.db, w.zone);
        const { method, url, body } = call(w);
        const res = await zoneCall(t, who)(method, url, body);
        got[caller] = res.statusCode;
        if (res.statusCode >= 400) {
          expect(Object.keys(ERROR_MESSAGES), `${caller}: ${res.body}`).toContain(res.json().code);
          expect(await zoneState(t.db, w.zone), `${caller} changed the zone`).toEqual(before);
        }
      }
      expect(got).toEqual(expected);
    },
  );
});
