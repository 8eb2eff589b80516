import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, verificationRequests, type VerificationRequestRow } from '../../db/schema.ts';

export type { VerificationRequestRow };

/** The member's open request (started or pending), if any. */
export async function findOpen(db: DbOrTx, userId: string): Promise<VerificationRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationRequests)
    .where(
      and(
        eq(verificationRequests.userId, userId),
        inArray(verificationRequests.state, ['started', 'pending']),
      ),
    );
  return row;
}

/** The member's last decided request (approved or refused), if any. */
export async function findLastDecided(
  db: DbOrTx,
  userId: string,
): Promise<VerificationRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationRequests)
    .where(
      and(
        eq(verificationRequests.userId, userId),
        inArray(verificationRequests.state, ['approved', 'refused']),
      ),
    )
    .orderBy(desc(verificationRequests.decidedAt))
    .limit(1);
  return row;
}

/**
 * A selfie request started with its pose; when one is open already (two tabs at once) that one is
 * returned, its pose unchanged.
 */
export async function insertStarted(
  db: DbOrTx,
  userId: string,
  pose: string,
  at: Date,
): Promise<VerificationRequestRow | undefined> {
  await db
    .insert(verificationRequests)
    .values({ userId, kind: 'selfie', pose, state: 'started', createdAt: at })
    .onConflictDoNothing();
  return findOpen(db, userId);
}

/** The started request becomes pending with its selfie's key; false when it was no longer started. */
export async function markPending(db: DbOrTx, id: string, selfieKey: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(verificationRequests)
    .set({ state: 'pending', selfieKey, submittedAt: at })
    .where(and(eq(verificationRequests.id, id), eq(verificationRequests.state, 'started')))
    .returning({ id: verificationRequests.id });
  return rows.length === 1;
}

/** A verified member's new main photo to confirm; nothing when a request of theirs is open already. */
export async function insertPhotoChange(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db
    .insert(verificationRequests)
    .values({ userId, kind: 'photo_change', state: 'pending', createdAt: at, submittedAt: at })
    .onConflictDoNothing();
}

/** A pending request, locked for its decision. */
export async function lockPending(db: DbOrTx, id: string): Promise<VerificationRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationRequests)
    .where(and(eq(verificationRequests.id, id), eq(verificationRequests.state, 'pending')))
    .for('update');
  return row;
}

export async function findById(db: DbOrTx, id: string): Promise<VerificationRequestRow | undefined> {
  const [row] = await db.select().from(verificationRequests).where(eq(verificationRequests.id, id));
  return row;
}

/** The decision: the selfie's key goes with it (its file after the commit). */
export async function decide(
  db: DbOrTx,
  id: string,
  decision: { state: 'approved' | 'refused'; reason: string | null; decidedBy: string; at: Date },
): Promise<void> {
  await db
    .update(verificationRequests)
    .set({
      state: decision.state,
      reason: decision.reason,
      decidedBy: decision.decidedBy,
      decidedAt: decision.at,
      selfieKey: null,
    })
    .where(eq(verificationRequests.id, id));
}

/** The console's queue: pending requests, oldest first, with their member's name. */
/** The pending requests but the staff member's own (another moderator decides it). */
const pendingFor = (staffId: string) =>
  and(eq(verificationRequests.state, 'pending'), ne(verificationRequests.userId, staffId));

export function listPending(db: DbOrTx, page: { skip: number; limit: number }, staffId: string) {
  return db
    .select({
      id: verificationRequests.id,
      kind: verificationRequests.kind,
      pose: verificationRequests.pose,
      createdAt: verificationRequests.submittedAt,
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      avatarPhotoId: users.avatarPhotoId,
    })
    .from(verificationRequests)
    .innerJoin(users, eq(users.id, verificationRequests.userId))
    .where(pendingFor(staffId))
    .orderBy(asc(verificationRequests.submittedAt), asc(verificationRequests.id))
    .offset(page.skip)
    .limit(page.limit);
}
export type PendingRow = Awaited<ReturnType<typeof listPending>>[number];

export async function countPending(db: DbOrTx, staffId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(verificationRequests).where(pendingFor(staffId));
  return row?.n ?? 0;
}
