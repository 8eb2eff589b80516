import { asc, eq, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blocks, matches, reports } from '../db/schema.ts';
import type { TestApp } from './build-test-app.ts';
import { createMember, type Member } from './factories.ts';

/** `blocker` blocked `blocked`, written straight into the table; a missing member is created. */
export async function buildBlock(
  t: Pick<TestApp, 'db'>,
  options: { blocker?: Member; blocked?: Member } = {},
) {
  const { blocker = await createMember(t), blocked = await createMember(t) } = options;
  const [row] = await t.db
    .insert(blocks)
    .values({ blockerId: blocker.user.id, blockedId: blocked.user.id })
    .returning();
  return row!;
}

/** A report as the route stores it (open, fake account, no text unless told); a missing member is created. */
export async function buildReport(
  t: Pick<TestApp, 'db'>,
  options: { reporter?: Member; reported?: Member } & Partial<typeof reports.$inferInsert> = {},
) {
  const { reporter = await createMember(t), reported = await createMember(t), ...columns } = options;
  const [row] = await t.db
    .insert(reports)
    .values({
      reporterId: reporter.user.id,
      reportedId: reported.user.id,
      reason: 'fake_account',
      subReason: 'famous_person_photo',
      ...columns,
    })
    .returning();
  return row!;
}

/** The match rows either member is part of. */
export function matchesOf(db: Db, userId: string) {
  return db
    .select()
    .from(matches)
    .where(or(eq(matches.userA, userId), eq(matches.userB, userId)));
}

/** Every block row, in a stable order (for "nothing changed" checks). */
export function allBlocks(db: Db) {
  return db.select().from(blocks).orderBy(asc(blocks.blockerId), asc(blocks.blockedId));
}

/** Every report row, in a stable order (for "nothing changed" checks). */
export function allReports(db: Db) {
  return db.select().from(reports).orderBy(asc(reports.createdAt), asc(reports.id));
}

/** The reports a member made. */
export function reportsBy(db: Db, reporterId: string) {
  return db.select().from(reports).where(eq(reports.reporterId, reporterId));
}
