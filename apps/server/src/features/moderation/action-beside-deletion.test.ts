import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, findUser, waitFor } from '../../test/factories.ts';
import { act, caseOf, createStaff, eventsOf, fileReport } from '../../test/moderation-factories.ts';
import { deleteUser, lockUserForDeletion } from '../users/accounts.service.ts';
import { lockUndecidedCasesReportedBy } from './cases.repository.ts';

/**
 * A reporter deletes their account while a moderator mutes them on a case they reported. The deletion
 * locks the member's row, then the cases they reported (to weigh them again); the action used to lock
 * the case, then wait for the member's row (the mute names them): each waited for the other, and
 * PostgreSQL aborted one (40P01).
 */
describe('a moderator’s action beside a deletion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** Backends of this database waiting for a lock (the test's own connection is not one). */
  const lockWaits = async () =>
    (
      await t.db.$client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      )
    ).rows[0]!.n;

  it('queues with a reporter’s deletion instead of deadlocking: the mute is refused, the deletion done', async () => {
    const staff = await createStaff(t);
    const [carole, bob, eve] = [await createMember(t), await createMember(t), await createMember(t)];
    await fileReport(t, carole, { user: eve.user.id });
    await fileReport(t, bob, { user: eve.user.id });
    const found = (await caseOf(t.db, 'member', eve.user.id))!;

    let muting: ReturnType<typeof act> | undefined;
    await t.db.transaction(async (tx) => {
      // The deletion's first step, then the action starts and waits for it.
      await lockUserForDeletion(tx, carole.user.id);
      muting = act(t, staff, found.id, { action: 'mute_reporter', days: 30, reporter: carole.user.id });
      await waitFor(async () => ((await lockWaits()) === 1 ? true : undefined), 'the action waiting');
      // The deletion's hooks: the cases Carole reported, then her row (her reports go with it).
      await lockUndecidedCasesReportedBy(tx, carole.user.id);
      await deleteUser(tx, carole.user.id);
    });

    const res = await muting!;
    expect(await findUser(t.db, carole.user.id)).toBeUndefined();
    // Carole is no longer among the case's reporters: nothing to mute, nothing decided.
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'reporter', code: 'invalid_value' }],
    });
    expect(await eventsOf(t.db, found.id)).toEqual([]);
    expect(await caseOf(t.db, 'member', eve.user.id)).toMatchObject({ state: 'open' });
  });
});
