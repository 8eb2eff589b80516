import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_THUMBNAIL_MAX_BYTES } from '@motema/shared/media';
import type { UserList } from '@motema/shared/discovery';
import type { ConversationList } from '@motema/shared/chat';
import type { PhotoVariant } from '../db/schema.ts';
import { computePopularity } from '../features/discovery/popularity.ts';
import { mediaUrl } from '../features/media/media.presenter.ts';
import { removeMediaFiles } from '../features/media/media.service.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { asMember, loginCookie } from '../test/factories.ts';
import { SEED_PASSWORD } from './members.ts';
import { seed, type SeedSummary } from './seed.ts';

const PREFIX = 'seedtest_';
const MEMBERS = 300;

type Row = Record<string, unknown>;

describe('seed: members with avatars, ratings, visits and conversations', () => {
  let t: TestApp;
  let summary: SeedSummary;
  const rows = async <T = Row>(query: ReturnType<typeof sql>) => (await t.db.execute(query)).rows as T[];
  const run = sql`(SELECT id FROM users WHERE username LIKE 'seedtest\\_%')`;

  beforeAll(async () => {
    t = await buildTestApp();
    summary = await seed(
      { db: t.db, storage: t.storage },
      { members: MEMBERS, prefix: PREFIX, avatarSet: 2 },
    );
  }, 60_000);
  afterAll(() => t?.close());

  it('adds members in sensible proportions', async () => {
    type Stats = Record<
      | 'total'
      | 'active'
      | 'female'
      | 'male'
      | 'straight'
      | 'positioned'
      | 'avatars'
      | 'complete'
      | 'bad_age'
      | 'outside_own_range',
      number
    >;
    const [stats] = await rows<Stats>(sql`
      SELECT count(*)::int AS total,
        count(*) FILTER (WHERE status = 'active')::int AS active,
        count(*) FILTER (WHERE sex = 'female')::int AS female,
        count(*) FILTER (WHERE sex = 'male')::int AS male,
        count(*) FILTER (WHERE cardinality(match_sex) = 1 AND sex <> ALL (match_sex))::int AS straight,
        count(*) FILTER (WHERE latitude IS NOT NULL)::int AS positioned,
        count(*) FILTER (WHERE avatar_photo_id IS NOT NULL)::int AS avatars,
        count(*) FILTER (WHERE status = 'active' AND first_name IS NOT NULL)::int AS complete,
        count(*) FILTER (WHERE NOT (extract(year FROM age(date_of_birth)) BETWEEN 18 AND 60))::int AS bad_age,
        count(*) FILTER (WHERE NOT (extract(year FROM age(date_of_birth)) BETWEEN match_age_min AND match_age_max))::int AS outside_own_range
      FROM users WHERE id IN ${run}`);
    expect(stats!.total).toBe(MEMBERS);
    expect(summary).toMatchObject({ prefix: PREFIX, members: MEMBERS, avatars: stats!.avatars });
    expect(stats!.active / MEMBERS).toBeGreaterThan(0.9);
    expect(stats!.female / MEMBERS).toBeGreaterThan(0.35);
    expect(stats!.male / MEMBERS).toBeGreaterThan(0.35);
    expect(stats!.straight / MEMBERS).toBeGreaterThan(0.7);
    expect(stats!.straight).toBeLessThan(MEMBERS - 10);
    expect(stats!.positioned / MEMBERS).toBeGreaterThan(0.8);
    expect(stats!.avatars / stats!.complete).toBeGreaterThan(0.75);
    expect(stats!.avatars / stats!.complete).toBeLessThan(0.95);
    expect(stats!.bad_age).toBe(0);
    expect(stats!.outside_own_range).toBe(0);
  });

  it('makes <prefix>1 an admin and <prefix>2 a moderator of the console, everyone else a member', async () => {
    const staff = await rows<{ username: string; role: string }>(sql`
      SELECT username, role FROM users WHERE id IN ${run} AND role <> 'member' ORDER BY username`);
    expect(staff).toEqual([
      { username: `${PREFIX}1`, role: 'admin' },
      { username: `${PREFIX}2`, role: 'moderator' },
    ]);
  });

  it('serves every avatar of an active member, its thumbnail within 15 KB', async () => {
    const photos = await rows<{ id: string; variants: PhotoVariant[] }>(sql`
      SELECT p.id, p.variants FROM users u JOIN photos p ON p.id = u.avatar_photo_id
      WHERE u.id IN ${run} AND u.status = 'active'`);
    expect(photos.length).toBeGreaterThan(200);
    for (const photo of photos) {
      const thumbnail = photo.variants
        .filter((variant) => variant.type === 'image/webp')
        .sort((a, b) => a.width - b.width)[0]!;
      const res = await t.app.inject({ method: 'GET', url: mediaUrl(photo.id, thumbnail) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.rawPayload.length).toBe(thumbnail.bytes);
      expect(res.rawPayload.length).toBeLessThanOrEqual(AVATAR_THUMBNAIL_MAX_BYTES);
    }
  });

  it('lets a seeded member log in with SEED_PASSWORD and see seeded members with avatars', async () => {
    // The member with the most candidates (wanted sex and age, near them) among complete profiles.
    const [member] = await rows<{ username: string; email: string }>(sql`
      SELECT u.username, u.email FROM users u
      WHERE u.id IN ${run} AND u.status = 'active' AND u.first_name IS NOT NULL AND u.latitude IS NOT NULL
        AND u.match_distance >= 100
      ORDER BY (SELECT count(*) FROM users o WHERE o.id <> u.id AND o.status = 'active' AND o.sex = ANY (u.match_sex)
        AND extract(year FROM age(o.date_of_birth)) BETWEEN u.match_age_min AND u.match_age_max
        AND abs(o.latitude - u.latitude) < 0.5 AND abs(o.longitude - u.longitude) < 0.5) DESC, u.username
      LIMIT 1`);
    await loginCookie(t, member!.email, SEED_PASSWORD);
    const cookie = await loginCookie(t, member!.username, SEED_PASSWORD);
    const res = await asMember(t, cookie)('GET', '/api/users');
    expect(res.statusCode).toBe(200);
    const list = res.json<UserList>();
    expect(list.users.length).toBeGreaterThanOrEqual(5);
    for (const card of list.users) expect(card.username.startsWith(PREFIX)).toBe(true);
    const withAvatar = list.users.filter((card) => card.avatar?.thumbnail);
    expect(withAvatar.length / list.users.length).toBeGreaterThan(0.5);
  });

  it('adds ratings and visits between distinct members, and matches exactly for mutual likes', async () => {
    expect(summary.ratings).toBeGreaterThan(MEMBERS);
    expect(summary.visits).toBeGreaterThan(MEMBERS);
    expect(summary.matches).toBeGreaterThan(10);
    const [checks] = await rows<Record<string, number>>(sql`
      SELECT
        (SELECT count(*)::int FROM ratings WHERE rater_id = rated_id) AS self_ratings,
        (SELECT count(*)::int FROM visits WHERE visitor_id = visited_id) AS self_visits,
        (SELECT count(*)::int FROM ratings) AS ratings,
        (SELECT count(*)::int FROM visits) AS visits,
        (SELECT count(*)::int FROM matches) AS matches,
        (SELECT count(*)::int FROM ratings a JOIN ratings b ON b.rater_id = a.rated_id AND b.rated_id = a.rater_id
          WHERE a.rater_id < a.rated_id AND a.score >= 4 AND b.score >= 4) AS mutual_likes,
        (SELECT count(*)::int FROM matches m JOIN ratings a ON a.rater_id = m.user_a AND a.rated_id = m.user_b
          JOIN ratings b ON b.rater_id = m.user_b AND b.rated_id = m.user_a
          WHERE a.score >= 4 AND b.score >= 4) AS matches_of_likes`);
    expect(checks).toEqual({
      self_ratings: 0,
      self_visits: 0,
      ratings: summary.ratings,
      visits: summary.visits,
      matches: summary.matches,
      mutual_likes: summary.matches,
      matches_of_likes: summary.matches,
    });
  });

  it('computes popularity from the ratings and visitors received', async () => {
    const members = await rows<{ popularity: number; ratings: number; sum: number; visitors: number }>(sql`
      SELECT u.popularity,
        (SELECT count(*)::int FROM ratings r WHERE r.rated_id = u.id) AS ratings,
        (SELECT coalesce(sum(score), 0)::int FROM ratings r WHERE r.rated_id = u.id) AS sum,
        (SELECT count(*)::int FROM visits v WHERE v.visited_id = u.id) AS visitors
      FROM users u WHERE u.id IN ${run} AND u.status = 'active' AND u.first_name IS NOT NULL`);
    for (const member of members) {
      const { ratings, sum: scoreSum, visitors } = member;
      expect(member.popularity).toBe(computePopularity({ ratings, scoreSum, visitors }));
    }
    expect(members.some((member) => member.popularity > 0)).toBe(true);
  });

  it('keeps conversations consistent: sequences 1..last_seq, watermarks, unread counts, first received', async () => {
    expect(summary.conversations).toBeGreaterThan(5);
    expect(summary.messages).toBeGreaterThan(summary.conversations);
    const [checks] = await rows<Record<string, number>>(sql`
      SELECT
        (SELECT count(*)::int FROM conversations) AS conversations,
        (SELECT count(*)::int FROM messages) AS messages,
        (SELECT count(*)::int FROM conversations c WHERE c.last_seq <> (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id)
          OR c.last_seq <> (SELECT max(seq) FROM messages m WHERE m.conversation_id = c.id)
          OR c.last_message_at <> (SELECT max(created_at) FROM messages m WHERE m.conversation_id = c.id)) AS bad_sequences,
        (SELECT count(*)::int FROM messages a JOIN messages b ON b.conversation_id = a.conversation_id AND b.seq = a.seq + 1
          WHERE b.created_at <= a.created_at) AS out_of_order,
        (SELECT count(*)::int FROM conversations c
          WHERE c.pair_key <> (SELECT string_agg(user_id::text, ':' ORDER BY user_id::text COLLATE "C")
            FROM conversation_members cm WHERE cm.conversation_id = c.id)
          OR (SELECT count(*) FROM conversation_members cm WHERE cm.conversation_id = c.id) <> 2
          OR NOT EXISTS (SELECT 1 FROM matches m WHERE c.pair_key = m.user_a || ':' || m.user_b)) AS bad_pairs,
        (SELECT count(*)::int FROM messages m WHERE NOT EXISTS (SELECT 1 FROM conversation_members cm
          WHERE cm.conversation_id = m.conversation_id AND cm.user_id = m.sender_id)) AS strangers,
        (SELECT count(*)::int FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id
          WHERE NOT (cm.read_seq <= cm.delivered_seq AND cm.delivered_seq <= c.last_seq)
            OR cm.unread_count <> (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id
              AND m.sender_id <> cm.user_id AND m.seq > cm.read_seq)
            OR cm.first_received_at IS DISTINCT FROM (SELECT min(m.created_at) FROM messages m
              WHERE m.conversation_id = c.id AND m.sender_id <> cm.user_id)) AS bad_marks,
        (SELECT count(*)::int FROM conversation_members WHERE unread_count > 0) AS with_unread`);
    expect(checks).toMatchObject({
      conversations: summary.conversations,
      messages: summary.messages,
      bad_sequences: 0,
      out_of_order: 0,
      bad_pairs: 0,
      strangers: 0,
      bad_marks: 0,
    });
    expect(checks!.with_unread).toBeGreaterThan(0);

    // The chat's own list agrees: a member's conversations with their unread counts.
    const [member] = await rows<{ user_id: string; username: string; unread: number }>(sql`
      SELECT cm.user_id, u.username, sum(cm.unread_count)::int AS unread
      FROM conversation_members cm JOIN users u ON u.id = cm.user_id
      GROUP BY cm.user_id, u.username ORDER BY sum(cm.unread_count) DESC, u.username LIMIT 1`);
    const cookie = await loginCookie(t, member!.username, SEED_PASSWORD);
    const res = await asMember(t, cookie)('GET', '/api/conversations');
    expect(res.statusCode).toBe(200);
    const list = res.json<ConversationList>();
    const unread = list.conversations.reduce((total, conversation) => total + conversation.unread, 0);
    // Conversations with an inactive member are left out of the list.
    expect(unread).toBeGreaterThan(0);
    expect(unread).toBeLessThanOrEqual(member!.unread);
  });

  it('keeps the shared avatar files when a seeded member deletes their photo', async () => {
    const [mine, other] = await rows<{ username: string; photo_id: string; variants: PhotoVariant[] }>(sql`
      SELECT u.username, p.id AS photo_id, p.variants FROM users u JOIN photos p ON p.id = u.avatar_photo_id
      WHERE u.id IN ${run} AND u.status = 'active'
        AND p.variants->0->>'key' = (SELECT p2.variants->0->>'key' FROM users u2
          JOIN photos p2 ON p2.id = u2.avatar_photo_id WHERE u2.id IN ${run} AND u2.status = 'active'
          ORDER BY u2.username LIMIT 1)
      ORDER BY u.username LIMIT 2`);
    const key = mine!.variants[0]!.key;
    expect(key.startsWith(`seed/avatars/${PREFIX}/`)).toBe(true);
    expect(other!.variants[0]!.key).toBe(key);

    const cookie = await loginCookie(t, mine!.username, SEED_PASSWORD);
    const res = await asMember(t, cookie)('DELETE', `/api/photos/${mine!.photo_id}`);
    expect(res.statusCode).toBe(204);
    // The removal job leaves the shared folder alone (without failing, so it is not retried).
    const folder = key.slice(0, key.lastIndexOf('/') + 1);
    await expect(removeMediaFiles(t.storage, { prefix: folder })).resolves.toBeUndefined();
    expect(await t.storage.get(key)).not.toBeNull();
    const served = await t.app.inject({ method: 'GET', url: mediaUrl(other!.photo_id, other!.variants[0]!) });
    expect(served.statusCode).toBe(200);
  });

  it('refuses a bad or taken prefix, storing nothing', async () => {
    const count = async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`))[0]!.n;
    const before = await count();
    for (const prefix of ['9abc_', 'ab1', 'Seed_', 'a', 'x-y_', 'waytoolongprefix_']) {
      await expect(seed({ db: t.db, storage: t.storage }, { members: 5, prefix })).rejects.toThrow(
        /prefix .*: 2 to 12 of a-z/,
      );
    }
    await expect(seed({ db: t.db, storage: t.storage }, { members: 5, prefix: PREFIX })).rejects.toThrow(
      `prefix ${PREFIX} is taken`,
    );
    await expect(seed({ db: t.db, storage: t.storage }, { members: 0, prefix: 'fresh_' })).rejects.toThrow(
      'members: a whole number',
    );
    expect(await count()).toBe(before);
  });
});
