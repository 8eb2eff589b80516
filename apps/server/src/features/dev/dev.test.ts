import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { register, registrationBody, waitForOutbox } from '../../test/factories.ts';
import { randomIp } from '../../test/net.ts';
import { PRODUCTION_ENV } from '../../test/production-env.ts';

describe('development mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: randomIp() });

  it('shows a sent confirmation mail with its link clickable', async () => {
    const body = registrationBody();
    await register(t, body);
    const mail = await waitForOutbox(t.db, body.email);
    const link = /http\S+/.exec(mail.text)![0];

    const res = await get('/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Welcome to Motema! Confirm your e-mail');
    expect(res.body).toContain(body.email);
    const escapedLink = link.replace(/&/g, '&amp;');
    expect(res.body).toContain(`<a href="${escapedLink}">${escapedLink}</a>`);
  });

  it('escapes what the messages contain and lists the newest first, SMS included', async () => {
    await t.db.insert(outbox).values([
      {
        channel: 'email',
        to: 'Attacker@Example.com',
        subject: '<img src=x onerror=alert(1)>',
        text: '<script>alert("x")</script> go to https://evil.example/a?b=1&c="2"',
        createdAt: new Date('2030-01-01T10:00:00Z'),
      },
      {
        channel: 'sms',
        to: '+243810000000',
        text: 'Motema: your code is 123456',
        createdAt: new Date('2030-01-01T11:00:00Z'),
      },
    ]);
    const res = await get('/dev/mailbox');
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).toContain('<a href="https://evil.example/a?b=1&amp;c=">');
    expect(res.body.indexOf('+243810000000')).toBeLessThan(res.body.indexOf('Attacker@Example.com'));
    expect(res.body).toContain('SMS');
  });

  it('answers the outbox as JSON, filtered by recipient in any case', async () => {
    const res = await get(`/api/dev/outbox?to=${encodeURIComponent('attacker@example.COM')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      messages: [
        {
          channel: 'email',
          to: 'Attacker@Example.com',
          subject: '<img src=x onerror=alert(1)>',
          text: '<script>alert("x")</script> go to https://evil.example/a?b=1&c="2"',
          html: null,
          createdAt: '2030-01-01T10:00:00.000Z',
        },
      ],
    });
    const sms = await get('/api/dev/outbox?to=%2B243810000000');
    expect(sms.json().messages).toEqual([
      expect.objectContaining({ channel: 'sms', text: 'Motema: your code is 123456' }),
    ]);
    const all = (await get('/api/dev/outbox')).json().messages;
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all[0].to).toBe('+243810000000');
  });
});

describe('development routes in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: PRODUCTION_ENV });
  });
  afterAll(() => t.close());

  it('are not there (the web app may answer /dev/mailbox with its own page, never the outbox)', async () => {
    await t.db
      .insert(outbox)
      .values({ channel: 'email', to: 'secret@example.com', subject: 'Secret', text: '654321' });
    const api = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: randomIp() });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: randomIp() });
    expect(page.body).not.toContain('Development mailbox');
    expect(page.body).not.toContain('secret@example.com');
  });
});
