// @slow-tier starts the operator's command as a process of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { partnerWithChildren } from '../../test/partnership-factories.ts';
import { runOperatorCommand } from '../../test/payments-command.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { findPartnership } from './partnership.repository.ts';

// The operator's `npm run partners`, as its own process on a database of the test's own.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const partners = (...args: string[]) => runOperatorCommand('partners', database.url, args);

describe('npm run partners', () => {
  it("sets a partner's percentage, ends the partnership and lists it; refuses what it cannot do", async () => {
    const partner = await createMember(database);
    const child = await createMember(database);
    await partnerWithChildren(database.db, partner.user.id, child.user.id);
    const { username } = partner.user;

    expect(await partners('percentage', username, '12.5')).toMatchObject({ code: 0 });
    expect(await partners('end', username, '2099-01-31')).toMatchObject({ code: 0 });
    const row = await findPartnership(database.db, partner.user.id);
    expect([row!.percentage, row!.endDate!.toISOString()]).toEqual([12.5, '2099-01-31T00:00:00.000Z']);
    const listed = await partners('list');
    expect(listed.output).toContain(`${username}  ${row!.code}`);
    expect(listed.output).toContain('12.5%  hold 14 days  1 children');

    const refused = await partners('percentage', username, '101');
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Refused');
    expect((await partners('end', 'nobody-by-this-name')).output).toContain('no member is named');
    expect((await partners('percentage', username)).code).toBe(2);
    expect((await findPartnership(database.db, partner.user.id))!.percentage).toBe(12.5);
  });
});
