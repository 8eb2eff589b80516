import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../test/api-routes.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, type Member } from '../../test/factories.ts';
import { buildMatch } from '../../test/discovery-factories.ts';
import { buildBlock } from '../../test/safety-factories.ts';
import {
  addViewer,
  buildLiveMessage,
  createLiveMember,
  putOnAir,
  startLiveAs,
} from '../../test/live-factories.ts';

const CALLERS = [
  'broadcaster',
  'moderator',
  'viewer',
  'not a match',
  'blocked by the broadcaster',
  'blocking the broadcaster',
  'removed',
  'visitor',
] as const;
type Caller = (typeof CALLERS)[number];
const ACTIONS = ['get', 'messages', 'viewers', 'mute', 'name', 'remove', 'release', 'drop', 'end'] as const;
type Action = (typeof ACTIONS)[number];

/** Each caller's answer to each action over a matches-only live (docs/lives.md's rights table). */
const EXPECTED: Record<Caller, Record<Action, number>> = {
  broadcaster: {
    get: 200,
    messages: 200,
    viewers: 200,
    mute: 200,
    name: 200,
    remove: 204,
    release: 200,
    drop: 204,
    end: 200,
  },
  moderator: {
    get: 200,
    messages: 200,
    viewers: 200,
    mute: 200,
    name: 403,
    remove: 204,
    release: 200,
    drop: 204,
    end: 403,
  },
  viewer: {
    get: 200,
    messages: 200,
    viewers: 404,
    mute: 403,
    name: 403,
    remove: 403,
    release: 403,
    drop: 403,
    end: 403,
  },
  'not a match': {
    get: 404,
    messages: 404,
    viewers: 404,
    mute: 404,
    name: 404,
    remove: 404,
    release: 404,
    drop: 404,
    end: 404,
  },
  'blocked by the broadcaster': {
    get: 404,
    messages: 404,
    viewers: 404,
    mute: 404,
    name: 404,
    remove: 404,
    release: 404,
    drop: 404,
    end: 404,
  },
  'blocking the broadcaster': {
    get: 404,
    messages: 404,
    viewers: 404,
    mute: 404,
    name: 404,
    remove: 404,
    release: 404,
    drop: 404,
    end: 404,
  },
  removed: {
    get: 404,
    messages: 404,
    viewers: 404,
    mute: 404,
    name: 404,
    remove: 404,
    release: 404,
    drop: 404,
    end: 404,
  },
  visitor: {
    get: 401,
    messages: 401,
    viewers: 401,
    mute: 401,
    name: 401,
    remove: 401,
    release: 401,
    drop: 401,
    end: 401,
  },
};

/**
 * Every route of a live with an id, called by every kind of caller (QUALITY Z1): only the
 * broadcaster and the live's moderators act on its audience and chat, only the broadcaster names
 * moderators and ends it, and a member with no place in it (not a match of a matches-only live, a
 * block either way, removed) hears 404 live_not_found as if it did not exist.
 */
describe('a live’s rights over its routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  /** A live for matches, on air, a viewer to act on and a held message; the caller in their place. */
  async function scene(caller: Caller) {
    const host = await createLiveMember(t);
    const live = await startLiveAs(t, host, { audience: 'matches' });
    await putOnAir(t, live._id);
    const target = await createMember(t);
    await buildMatch(t, { members: [host, target] });
    await addViewer(t, live._id, target);
    const message = await buildLiveMessage(t, live._id, target);
    let member: Member | undefined = host;
    if (caller !== 'broadcaster' && caller !== 'visitor') {
      member = await createMember(t);
      if (caller !== 'not a match') await buildMatch(t, { members: [host, member] });
      if (caller === 'moderator') await addViewer(t, live._id, member, { role: 'moderator' });
      if (caller === 'viewer') await addViewer(t, live._id, member);
      if (caller === 'removed')
        await addViewer(t, live._id, member, { removedAt: new Date(), present: false });
      if (caller === 'blocked by the broadcaster') await buildBlock(t, { blocker: host, blocked: member });
      if (caller === 'blocking the broadcaster') await buildBlock(t, { blocker: member, blocked: host });
    }
    if (caller === 'visitor') member = undefined;
    return { live: live._id, target: target.user.id, message, member };
  }

  function call(member: Member | undefined, action: Action, live: string, target: string, message: string) {
    const base = `/api/lives/${live}`;
    const requests: Record<Action, ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?]> = {
      get: ['GET', base],
      messages: ['GET', `${base}/messages`],
      viewers: ['GET', `${base}/viewers`],
      mute: ['PATCH', `${base}/viewers/${target}`, { muted: true }],
      name: ['PATCH', `${base}/viewers/${target}`, { role: 'moderator' }],
      remove: ['DELETE', `${base}/viewers/${target}`],
      release: ['POST', `${base}/messages/${message}/release`],
      drop: ['DELETE', `${base}/messages/${message}`],
      end: ['POST', `${base}/end`],
    };
    const [method, url, body] = requests[action];
    if (!member) return t.app.inject({ method, url, ...(body && { payload: body }) });
    return asMember(t, member.cookie)(method, url, body);
  }

  for (const caller of CALLERS) {
    it(`${caller}: ${ACTIONS.map((action) => `${action} ${EXPECTED[caller][action]}`).join(', ')}`, async () => {
      const answers: Record<string, number> = {};
      for (const action of ACTIONS) {
        // A fresh scene each: an action may change what the next one finds (a removal, an end).
        const { live, target, message, member } = await scene(caller);
        const res = await call(member, action, live, target, message);
        answers[action] = res.statusCode;
        if (res.statusCode === 404) expect(res.json().code).toBe('live_not_found');
        if (res.statusCode === 403) expect(res.json().code).toBe('live_not_allowed');
      }
      expect(answers).toEqual(EXPECTED[caller]);
    });
  }

  it('a visitor may not list lives nor start one (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/lives' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/lives', payload: { audience: 'everyone' } }))
        .statusCode,
    ).toBe(401);
  });

  it('covers every route of a live with an id but its media’s (the segments, keep-as-post: docs/lives.md)', () => {
    const tested = [
      'GET /api/lives/{id}',
      'GET /api/lives/{id}/messages',
      'GET /api/lives/{id}/viewers',
      'PATCH /api/lives/{id}/viewers/{userId}',
      'DELETE /api/lives/{id}/viewers/{userId}',
      'POST /api/lives/{id}/messages/{messageId}/release',
      'DELETE /api/lives/{id}/messages/{messageId}',
      'POST /api/lives/{id}/end',
    ];
    const documented = apiRoutes(t)
      .map(({ method, url }) => `${method} ${url}`)
      .filter((route) => route.includes('/api/lives/{id}') && !/\/(hls|keep)\b/.test(route));
    expect(documented.sort()).toEqual(tested.sort());
  });
});
