import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '@motema/shared/notifications';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { asMember, createMember } from '../../../test/factories.ts';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  notificationSettingsOf,
  notificationSettingsOfMany,
} from './notification-settings.service.ts';

describe('notification settings (GET/PUT /api/notifications/settings)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers the defaults to a member who never chose', async () => {
    const member = await createMember(t);
    const res = await asMember(t, member.cookie)('GET', '/api/notifications/settings');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      push: [
        'message',
        'match',
        'request',
        'comment',
        'payment',
        'zoneRequest',
        'zoneAnswer',
        'zonePost',
        'live',
      ],
      discreet: false,
      quietHours: null,
      timeZone: 'UTC',
      emailDigest: true,
    });
    expect(await notificationSettingsOf(t.db, member.user.id)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('changes what the update names, keeps the rest, and the services read it back', async () => {
    const member = await createMember(t);
    const other = await createMember(t);
    const as = asMember(t, member.cookie);
    const first = await as('PUT', '/api/notifications/settings', {
      push: ['visit', 'message', 'like', 'message'],
      discreet: true,
    });
    expect(first.statusCode, first.body).toBe(200);
    const expected: NotificationSettings = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      // In the kinds' own order, each once.
      push: ['message', 'like', 'visit'],
      discreet: true,
    };
    expect(first.json()).toEqual(expected);

    // A later change of other choices keeps these.
    const second = await as('PUT', '/api/notifications/settings', {
      quietHours: { start: 22 * 60, end: 7 * 60 },
      timeZone: 'Africa/Kinshasa',
      emailDigest: false,
    });
    const after = {
      ...expected,
      quietHours: { start: 1320, end: 420 },
      timeZone: 'Africa/Kinshasa',
      emailDigest: false,
    };
    expect(second.json()).toEqual(after);
    expect((await as('GET', '/api/notifications/settings')).json()).toEqual(after);

    // Quiet hours off again; an empty push list is a choice too (nothing by push).
    const third = await as('PUT', '/api/notifications/settings', { quietHours: null, push: [] });
    expect(third.json()).toEqual({ ...after, quietHours: null, push: [] });

    // The push worker reads many members at once: each their own, the defaults for who never chose.
    const many = await notificationSettingsOfMany(t.db, [member.user.id, other.user.id]);
    expect(many.get(member.user.id)).toEqual({ ...after, quietHours: null, push: [] });
    expect(many.get(other.user.id)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    // Another member's choices were never touched (Z1).
    expect((await asMember(t, other.cookie)('GET', '/api/notifications/settings')).json()).toEqual(
      DEFAULT_NOTIFICATION_SETTINGS,
    );
  });

  it('accepts quiet hours across midnight and in the small hours', async () => {
    const as = asMember(t, (await createMember(t)).cookie);
    for (const quietHours of [
      { start: 1380, end: 360 },
      { start: 0, end: 1439 },
      { start: 1439, end: 0 },
    ]) {
      const res = await as('PUT', '/api/notifications/settings', { quietHours });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().quietHours).toEqual(quietHours);
    }
  });

  it.each([
    [
      'quiet hours that start when they end',
      { quietHours: { start: 600, end: 600 } },
      'quietHours',
      'quiet_hours_empty',
    ],
    ['an unknown time zone', { timeZone: 'Europe/Atlantis' }, 'timeZone', 'invalid_value'],
    ['a time zone that is no name', { timeZone: '' }, 'timeZone', 'invalid_value'],
    ['an unknown kind', { push: ['message', 'zone'] }, 'push.1', 'invalid_value'],
    ['a minute past the day', { quietHours: { start: 1440, end: 60 } }, 'quietHours.start', 'invalid_value'],
    [
      'a minute that is not whole',
      { quietHours: { start: 60.5, end: 120 } },
      'quietHours.start',
      'invalid_value',
    ],
    ['a discreet that is no boolean', { discreet: 'yes' }, 'discreet', 'invalid_value'],
    ['an e-mail digest that is no boolean', { emailDigest: 1 }, 'emailDigest', 'invalid_value'],
  ])('refuses %s with a stable code, and changes nothing', async (_what, body, path, code) => {
    const member = await createMember(t);
    const as = asMember(t, member.cookie);
    const res = await as('PUT', '/api/notifications/settings', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      issues: [expect.objectContaining({ path, code })],
    });
    expect((await as('GET', '/api/notifications/settings')).json()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('answers 401 without a session', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.app.inject({ method, url: '/api/notifications/settings', payload: {} });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });
});
