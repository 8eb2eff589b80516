// @slow-tier starts the operator's command as a process of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, findUser } from '../../test/factories.ts';
import { runOperatorCommand } from '../../test/payments-command.ts';
import { createTestDatabase } from '../../test/test-database.ts';

// The operator's `npm run admin`, as its own process on a database of the test's own.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const admin = (...args: string[]) => runOperatorCommand('admin', database.url, args);

describe('npm run admin', () => {
  // Four processes, each starting tsx: seconds apiece on a busy machine.
  it(
    'grants a role by username, revokes it, and refuses an unknown member or role',
    { timeout: 90_000 },
    async () => {
      const member = await createMember(database);
      const { username } = member.user;
      expect(await admin('grant', username.toUpperCase(), 'moderator')).toMatchObject({ code: 0 });
      expect((await findUser(database.db, member.user.id))?.role).toBe('moderator');
      expect(await admin('revoke', username)).toMatchObject({ code: 0 });
      expect((await findUser(database.db, member.user.id))?.role).toBe('member');

      const unknown = await admin('grant', 'nobody-by-this-name', 'moderator');
      expect([unknown.code, unknown.output]).toEqual([1, expect.stringContaining('no member is named')]);
      expect((await admin('grant', username, 'owner')).code).toBe(2);
      expect((await findUser(database.db, member.user.id))?.role).toBe('member');
    },
  );
});
