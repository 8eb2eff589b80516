import { asc, eq, sql } from 'drizzle-orm';
import type { ZoneRole } from '@motema/shared/zones';
import type { Db } from '../db/client.ts';
import { comments, posts, zoneBans, zoneDeclines, zoneInvites, zoneMembers, zones } from '../db/schema.ts';
import type { TestApp } from './build-test-app.ts';
import { createMember, uniqueUsername, type Member } from './factories.ts';
import { randomIp } from './net.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `app.inject` as `member` (or a visitor, null), from a fresh address. */
export function zoneCall(t: Pick<TestApp, 'app'>, member: Member | null) {
  return (method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: randomIp(),
      headers: member ? { cookie: member.cookie } : {},
      ...(payload ? { payload } : {}),
    });
}

/** A zone's name: a fresh handle that passes the username rules. */
export const zoneName = () => uniqueUsername('zone').slice(0, 20);

/** A zone created through POST /api/zones by `admin` (created when missing): its id and its admin. */
export async function buildZone(
  t: Pick<TestApp, 'app' | 'db'>,
  options: { admin?: Member; access?: 'public' | 'private'; questions?: string[]; title?: string } = {},
): Promise<{ id: string; admin: Member; name: string }> {
  const admin = options.admin ?? (await createMember(t));
  const name = zoneName();
  const res = await zoneCall(t, admin)('POST', '/api/zones', {
    title: options.title ?? 'Kinshasa runners',
    name,
    access: options.access ?? 'public',
    questions: options.questions ?? [],
  });
  if (res.statusCode !== 201) throw new Error(`zone not created: ${res.body}`);
  return { id: res.json<{ _id: string }>()._id, admin, name };
}

/** Puts `member` (created when missing) in the zone with `role`, straight into the tables. */
export async function addToZone(
  t: Pick<TestApp, 'db'>,
  zoneId: string,
  role: ZoneRole,
  member?: Member,
  answers: string[] = [],
): Promise<Member> {
  const who = member ?? (await createMember(t));
  await t.db.insert(zoneMembers).values({ zoneId, userId: who.user.id, role, since: new Date(), answers });
  if (role !== 'waiting') {
    await t.db
      .update(zones)
      .set({ members: sql`${zones.members} + 1` })
      .where(eq(zones.id, zoneId));
  }
  return who;
}

/** Bans `member` (created when missing) from the zone, straight into the table. */
export async function banFromZone(t: Pick<TestApp, 'db'>, zoneId: string, member?: Member): Promise<Member> {
  const who = member ?? (await createMember(t));
  await t.db.insert(zoneBans).values({ zoneId, userId: who.user.id, bannedAt: new Date() });
  return who;
}

/** Everything stored about a zone, its posts and their comments included, in a stable order (for "nothing changed" checks). */
export async function zoneState(db: Db, zoneId: string) {
  const [zone, members, bans, declines, invites, feed] = await Promise.all([
    db.select().from(zones).where(eq(zones.id, zoneId)),
    db.select().from(zoneMembers).where(eq(zoneMembers.zoneId, zoneId)).orderBy(asc(zoneMembers.userId)),
    db.select().from(zoneBans).where(eq(zoneBans.zoneId, zoneId)).orderBy(asc(zoneBans.userId)),
    db.select().from(zoneDeclines).where(eq(zoneDeclines.zoneId, zoneId)).orderBy(asc(zoneDeclines.userId)),
    db.select().from(zoneInvites).where(eq(zoneInvites.zoneId, zoneId)).orderBy(asc(zoneInvites.id)),
    db
      .select({ post: posts, comment: comments })
      .from(posts)
      .leftJoin(comments, eq(comments.postId, posts.id))
      .where(eq(posts.zoneId, zoneId))
      .orderBy(asc(posts.id), asc(comments.id)),
  ]);
  return { zone, members, bans, declines, invites, feed };
}

/** A member's role in the zone, or null. */
export async function roleIn(db: Db, zoneId: string, member: Member): Promise<ZoneRole | null> {
  const [row] = await db
    .select({ role: zoneMembers.role })
    .from(zoneMembers)
    .where(sql`${zoneMembers.zoneId} = ${zoneId} AND ${zoneMembers.userId} = ${member.user.id}`);
  return row?.role ?? null;
}
