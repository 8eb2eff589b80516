import { describe, expect, it } from 'vitest';
import { SHELL_SESSION_HEADER } from '@motema/shared/shell-session';
import { SESSION_COOKIE } from '../features/auth/sessions.service.ts';
import { createMember, sessionsOf, type Member } from '../test/factories.ts';
import { refused, socketTestBed, welcomed } from '../test/socket-test-bed.ts';

/** The mobile app's bundled copy, as its web views send it (decision 0052), and a page that is not the app. */
const IOS = { origin: 'capacitor://localhost', 'sec-fetch-site': 'cross-site' };
const ANDROID = { origin: 'https://localhost', 'sec-fetch-site': 'cross-site' };
const FOREIGN = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

describe('the mobile app’s bundled copy signs in from its own origin (decision 0052)', () => {
  // Real HTTP and a real Socket.IO client: the headers a web view sends reach the server as sent.
  const bed = socketTestBed();
  const call = (method: string, path: string, headers: Record<string, string>, body?: object) =>
    fetch(`${bed.url}/api${path}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const signIn = (member: Member, headers: Record<string, string>) =>
    call('POST', '/auth/login', headers, { identifier: member.user.email, password: member.password });

  it('answers a shell’s preflight, and no other origin’s', async () => {
    for (const shell of [IOS, ANDROID]) {
      const res = await call('OPTIONS', '/users', {
        origin: shell.origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization, content-type',
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(shell.origin);
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
      expect(res.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    }
    const foreign = await call('OPTIONS', '/users', {
      origin: FOREIGN.origin,
      'access-control-request-method': 'PUT',
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('signs in from a shell with a bearer token in place of the cookie, which then reads and changes', async () => {
    const member = await createMember(bed.t);
    const res = await signIn(member, IOS);
    expect(res.status).toBe(200);
    const token = res.headers.get(SHELL_SESSION_HEADER);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers.get('set-cookie') ?? '').not.toContain(SESSION_COOKIE);
    expect(res.headers.get('access-control-allow-origin')).toBe(IOS.origin);
    expect(res.headers.get('access-control-expose-headers')).toContain(SHELL_SESSION_HEADER);

    const bearer = { ...IOS, authorization: `Bearer ${token}` };
    const me = await call('GET', '/users/profile', bearer);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe(member.user.username);
    const changed = await call('PUT', '/users', bearer, { language: 'fr' });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { language: string }).language).toBe('fr');

    // Logging out revokes the session the bearer opened.
    expect((await call('PUT', '/users/logout', bearer, {})).status).toBe(204);
    expect((await call('GET', '/users/profile', bearer)).status).toBe(401);
  });

  it('gives a browser’s sign-in the cookie and never the token', async () => {
    const member = await createMember(bed.t);
    const res = await signIn(member, {});
    expect(res.status).toBe(200);
    expect(res.headers.get(SHELL_SESSION_HEADER)).toBeNull();
    expect(res.headers.get('set-cookie')).toContain(`${SESSION_COOKIE}=`);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('opens nothing with the cookie from a shell’s origin, nor with a bearer from another origin', async () => {
    const member = await createMember(bed.t);
    const sessions = (await sessionsOf(bed.t.db, member.user.id)).length;
    const token = member.cookie.slice(`${SESSION_COOKIE}=`.length);
    // A page at a shell's origin on a computer, in a browser that holds the member's cookie.
    expect((await call('GET', '/users/profile', { ...ANDROID, cookie: member.cookie })).status).toBe(401);
    expect(
      (await call('PUT', '/users', { ...ANDROID, cookie: member.cookie }, { language: 'fr' })).status,
    ).toBe(401);
    // The token from a foreign page: no session, and no change.
    const bearer = { authorization: `Bearer ${token}` };
    expect((await call('GET', '/users/profile', { ...FOREIGN, ...bearer })).status).toBe(401);
    const change = await call('PUT', '/users', { ...FOREIGN, ...bearer }, { language: 'fr' });
    expect(change.status).toBe(403);
    expect(((await change.json()) as { code: string }).code).toBe('origin_not_allowed');
    expect(change.headers.get('access-control-allow-origin')).toBeNull();
    // A foreign page cannot sign in either, nor get a token.
    const foreignSignIn = await signIn(member, FOREIGN);
    expect(foreignSignIn.status).toBe(403);
    expect(foreignSignIn.headers.get(SHELL_SESSION_HEADER)).toBeNull();
    expect((await sessionsOf(bed.t.db, member.user.id)).length).toBe(sessions);
  });

  it('connects a shell’s socket with the session its handshake gives, and refuses the cookie or another origin', async () => {
    const member = await createMember(bed.t);
    const token = (await signIn(member, ANDROID)).headers.get(SHELL_SESSION_HEADER)!;
    const socket = bed.dial({ origin: ANDROID.origin }, { session: token });
    expect(await welcomed(socket)).toEqual({ userId: member.user.id });

    const withCookie = await refused(bed.dial({ origin: IOS.origin, cookie: member.cookie }));
    expect(withCookie.message).toBe('unauthorized');
    const foreign = await refused(bed.dial({ origin: FOREIGN.origin }, { session: token }));
    expect(foreign.message).not.toBe('');
    const wrong = await refused(bed.dial({ origin: IOS.origin }, { session: 'not-a-session-token-at-all' }));
    expect(wrong.message).toBe('unauthorized');
  });
});

describe('a server whose own origin is a shell’s (a development server at https://localhost)', () => {
  const bed = socketTestBed({ env: { PUBLIC_URL: 'https://localhost' } });

  it('treats its own pages as a browser’s: the cookie, no token', async () => {
    const member = await createMember(bed.t);
    const res = await fetch(`${bed.url}/api/users/profile`, {
      headers: { origin: 'https://localhost', cookie: member.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
