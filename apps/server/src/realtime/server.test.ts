import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import type { TestApp } from '../test/build-test-app.ts';
import { asMember, createMember, findUser, newSession, waitFor } from '../test/factories.ts';
import {
  disconnection,
  refused,
  socketTestBed,
  welcomed,
  within,
  type ClientSocket,
} from '../test/socket-test-bed.ts';

describe('realtime server', () => {
  const bed = socketTestBed();
  let t: TestApp;
  let baseUrl: string;
  beforeAll(() => {
    ({ t, url: baseUrl } = bed);
  });

  const open = (headers: Record<string, string>) => bed.dial(headers);
  const disconnected = (socket: ClientSocket) => within(disconnection(socket), 'the disconnection');

  const presence = (userId: string, connected: boolean) =>
    waitFor(async () => {
      const user = await findUser(t.db, userId);
      return user?.connected === connected ? user : undefined;
    }, `connected=${connected}`);

  it('lets in a socket with a valid session cookie and greets it', async () => {
    const member = await createMember(t);
    const socket = open({ cookie: member.cookie, origin: baseUrl });
    expect(await welcomed(socket)).toEqual({ userId: member.user.id });
    expect(socket.connected).toBe(true);
  });

  it('tells connection listeners of each greeted socket; one that throws costs neither the socket nor the others', async () => {
    const heard: string[] = [];
    t.app.realtime.onConnection(() => {
      throw new Error('a broken listener');
    });
    t.app.realtime.onConnection((socket) => heard.push(socket.data.userId));
    const member = await createMember(t);
    const socket = open({ cookie: member.cookie, origin: baseUrl });
    await welcomed(socket);
    await waitFor(async () => (heard.includes(member.user.id) ? true : undefined), 'the second listener');
    expect(socket.connected).toBe(true);
  });

  it('refuses a socket without a cookie, or with an unknown one', async () => {
    const error = await refused(open({}));
    expect(error.message).toBe('unauthorized');
    const forged = await refused(open({ cookie: 'motema_session=forged-token-value' }));
    expect(forged.message).toBe('unauthorized');
  });

  it('refuses a socket from a foreign Origin, even with a valid cookie', async () => {
    const member = await createMember(t);
    await refused(open({ cookie: member.cookie, origin: 'https://evil.example' }));
    // A page of the same site on another origin (decision 0032), whatever Origin it is given.
    await refused(
      open({ cookie: member.cookie, origin: 'http://localhost:5999', 'sec-fetch-site': 'same-site' }),
    );
    await refused(open({ cookie: member.cookie, origin: baseUrl, 'sec-fetch-site': 'same-site' }));
    // The same cookie from the app's own origin is fine.
    expect(await welcomed(open({ cookie: member.cookie, origin: baseUrl }))).toEqual({
      userId: member.user.id,
    });
  });

  it('marks the member connected and active on connect, and disconnected when the last socket leaves', async () => {
    const member = await createMember(t);
    const longAgo = new Date('2024-01-01T00:00:00Z');
    await t.db.update(users).set({ lastActivity: longAgo }).where(eq(users.id, member.user.id));

    const first = open({ cookie: member.cookie });
    await welcomed(first);
    const online = await presence(member.user.id, true);
    expect(online.lastActivity!.getTime()).toBeGreaterThan(longAgo.getTime());

    const second = open({ cookie: member.cookie });
    await welcomed(second);
    const gone = disconnected(first);
    first.disconnect();
    await gone;
    second.disconnect();
    const offline = await presence(member.user.id, false);
    expect(offline.lastActivity!.getTime()).toBeGreaterThanOrEqual(online.lastActivity!.getTime());
  });

  it('closes the sockets of a deactivated account', async () => {
    const member = await createMember(t);
    const socket = open({ cookie: member.cookie });
    await welcomed(socket);
    let told = false;
    socket.on('session:revoked', () => {
      told = true;
    });
    const closing = disconnected(socket);
    const res = await asMember(t, member.cookie)('POST', '/api/users/deactivate', {
      password: member.password,
    });
    expect(res.statusCode).toBe(204);
    expect(await closing).toBe('io server disconnect');
    expect(told).toBe(true);
    await presence(member.user.id, false);
    // And it cannot come back with that cookie.
    await refused(open({ cookie: member.cookie }));
  });

  it('closes the sockets of a deleted account', async () => {
    const member = await createMember(t);
    const socket = open({ cookie: member.cookie });
    await welcomed(socket);
    const closing = disconnected(socket);
    const res = await asMember(t, member.cookie)('DELETE', '/api/users', { password: member.password });
    expect(res.statusCode).toBe(204);
    expect(await closing).toBe('io server disconnect');
  });

  it("closes the sockets of the sessions the app's event port says were revoked, and only those", async () => {
    const member = await createMember(t);
    const other = await newSession(t, member.user.id);
    const revoked = open({ cookie: member.cookie });
    const kept = open({ cookie: other.cookie });
    await Promise.all([welcomed(revoked), welcomed(kept)]);
    let told = false;
    revoked.on('session:revoked', () => {
      told = true;
    });
    const closing = disconnected(revoked);
    await t.app.deps.events.emit('sessions.revoked', { sessionIds: [member.sessionId] });
    expect(await closing).toBe('io server disconnect');
    expect(told).toBe(true);
    expect(kept.connected).toBe(true);
  });

  it("a password change closes the other sessions' sockets and keeps this one", async () => {
    const member = await createMember(t);
    const other = await newSession(t, member.user.id);
    const mine = open({ cookie: member.cookie });
    const theirs = open({ cookie: other.cookie });
    await Promise.all([welcomed(mine), welcomed(theirs)]);
    await presence(member.user.id, true);
    const closing = disconnected(theirs);
    const res = await asMember(t, member.cookie)('PUT', '/api/users/password', {
      currentPassword: member.password,
      password: 'Goma-lake-2024',
      confirmation: 'Goma-lake-2024',
    });
    expect(res.statusCode).toBe(204);
    expect(await closing).toBe('io server disconnect');
    expect(mine.connected).toBe(true);
    expect((await findUser(t.db, member.user.id))?.connected).toBe(true);
  });
});
