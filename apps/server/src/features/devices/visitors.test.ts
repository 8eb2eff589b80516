import { eq, getTableColumns } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_RETENTION_DAYS, VisitorSchema, type VisitorInput } from '@motema/shared/devices';
import { visitors } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember } from '../../test/factories.ts';
import { randomIp } from '../../test/net.ts';
import { referrerOrigin } from './visitors.service.ts';
import { VISITOR_RETENTION_QUEUE } from './visitors-retention.service.ts';

const visit = (overrides: Partial<VisitorInput> = {}): VisitorInput => ({
  language: 'fr',
  referrer: 'https://news.example/2026/11/dating-apps?utm_source=mail&id=42#top',
  platform: 'web',
  ...overrides,
});
const DAY_MS = 86_400_000;

describe('POST /api/visitors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const post = (payload: unknown, ip = randomIp(), cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/visitors',
      payload: payload as object,
      remoteAddress: ip,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const rowOf = async (id: string) => (await t.db.select().from(visitors).where(eq(visitors.id, id)))[0];

  it('records a visit without a session: 201, the referrer cut to its origin', async () => {
    const res = await post(visit());
    expect(res.statusCode).toBe(201);
    const body = VisitorSchema.parse(res.json());
    expect(body).toMatchObject({ language: 'fr', referrer: 'https://news.example', platform: 'web' });
    expect(await rowOf(body._id)).toMatchObject({ language: 'fr', referrer: 'https://news.example' });
  });

  it('keeps no IP address: the table has no column for one, and no stored value holds it', async () => {
    const ip = '203.0.113.77';
    const res = await post(visit({ referrer: null }), ip);
    expect(res.statusCode).toBe(201);
    // The columns are exactly these: a new one (an address, a user agent) must be weighed here first.
    expect(
      Object.values(getTableColumns(visitors))
        .map((column) => column.name)
        .sort(),
    ).toEqual(['created_at', 'id', 'language', 'platform', 'referrer'].sort());
    const row = await rowOf(res.json()._id);
    expect(JSON.stringify(row)).not.toContain('203.0.113');
    expect(JSON.stringify(res.json())).not.toContain('203.0.113');
  });

  it('names no member when one calls it: the visit is anonymous all the same', async () => {
    const member = await createMember(t);
    const res = await post(visit(), randomIp(), member.cookie);
    expect(res.statusCode).toBe(201);
    expect(JSON.stringify(await rowOf(res.json()._id))).not.toContain(member.user.id);
  });

  it.each([
    ['a referrer with a path and a query', 'https://a.example:8443/p?q=me', 'https://a.example:8443'],
    ['an http referrer', 'http://blog.example/x', 'http://blog.example'],
    ['an app referrer', 'android-app://com.google.android.gm/', null],
    ['a javascript: address', 'javascript:alert(1)', null],
    ['a string that is no address', 'not a url', null],
    ['an empty string', '', null],
    ['no referrer', null, null],
  ])('keeps of %s only its http(s) origin', async (_what, referrer, kept) => {
    expect(referrerOrigin(referrer)).toBe(kept);
    const res = await post(visit({ referrer }));
    expect(res.statusCode).toBe(201);
    expect(res.json().referrer).toBe(kept);
  });

  it.each([
    ['an unknown language', { ...visit(), language: 'de' }, 'language', 'language_invalid'],
    ['an unknown platform', { ...visit(), platform: 'windows' }, 'platform', 'invalid_value'],
    [
      'a referrer too long',
      { ...visit(), referrer: `https://a.example/${'x'.repeat(2048)}` },
      'referrer',
      'invalid_value',
    ],
    ['no language', { referrer: null, platform: 'web' }, 'language', 'language_invalid'],
    ['a field the contract does not list', { ...visit(), ip: '1.2.3.4' }, '', ''],
  ])('refuses %s: 400 validation_failed', async (_what, payload, path, code) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    if (path) {
      expect(res.json().issues).toContainEqual(expect.objectContaining({ path, code }));
    }
  });

  it('is rate limited per address: the 21st visit in an hour is 429 with Retry-After', async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i++) expect((await post(visit(), ip)).statusCode).toBe(201);
    const res = await post(visit(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await post(visit())).statusCode).toBe(201);
  });

  it(`removes visits older than ${VISITOR_RETENTION_DAYS} days in the retention job, and keeps the others`, async () => {
    const [old, recent] = [(await post(visit())).json()._id, (await post(visit())).json()._id] as string[];
    const madeDaysAgo = (id: string, days: number) =>
      t.db
        .update(visitors)
        .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
        .where(eq(visitors.id, id));
    await madeDaysAgo(old!, VISITOR_RETENTION_DAYS + 1);
    await madeDaysAgo(recent!, VISITOR_RETENTION_DAYS - 1);
    // The count is not asserted: the sweep this node offered at its start may run first and take the row.
    await runRetentionJob();
    expect(await rowOf(old!)).toBeUndefined();
    expect(await rowOf(recent!)).toBeDefined();

    // Two days on (the services' clock), the other has passed its time too.
    clock.advance(2 * DAY_MS);
    await runRetentionJob();
    expect(await rowOf(recent!)).toBeUndefined();
  });

  /** One run of the retention sweep, through its queue as the slot's run goes. */
  async function runRetentionJob() {
    const id = await t.jobs.send(VISITOR_RETENTION_QUEUE, {});
    const outcome = await t.jobs.waitFor(VISITOR_RETENTION_QUEUE, id, 20_000);
    if (outcome.state !== 'completed') throw new Error(`the retention job ended ${outcome.state}`);
  }
});
