// @slow-tier starts the operator's command as a process of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { partnerWithChildren } from '../../test/partnership-factories.ts';
import { runOperatorCommand } from '../../test/payments-command.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { commission, postAlone } from '../../test/ledger-bed.ts';
import { findPartnership } from './partnership.repository.ts';
import { findWithdrawal, insertWithdrawal, moveWithdrawal } from './withdrawals/withdrawals.repository.ts';
import { reserve } from './withdrawals/withdrawals.service.ts';

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

  it('lists the payouts of unknown outcome with their resolve command, and resolves one paid (P19)', async () => {
    const partner = await createMember(database);
    await partnerWithChildren(database.db, partner.user.id);
    await postAlone(database.db, commission(partner.user.id, 1_000));
    const withdrawal = await database.db.transaction(async (tx) => {
      const row = await insertWithdrawal(tx, {
        userId: partner.user.id,
        idempotencyKey: 'k',
        fingerprint: 'f',
        reference: 'UNKNOWNPAYOUT0000001',
        phone: '243990000104',
        amountMinor: 1_000,
        currency: 'USD',
        createdAt: new Date(),
      });
      await reserve(tx, row);
      return (await moveWithdrawal(tx, row.id, 'CREATED', { status: 'UNKNOWN' }))!;
    });
    const listed = await partners('payouts-unknown');
    expect(listed.output).toContain('npm run partners -- payout-resolve UNKNOWNPAYOUT0000001 paid|failed');
    expect(await partners('payout-resolve', 'UNKNOWNPAYOUT0000001', 'paid')).toMatchObject({ code: 0 });
    expect((await findWithdrawal(database.db, withdrawal.id))!.status).toBe('SUCCESS');
    expect((await partners('payouts-unknown')).output).toContain('No payout of unknown outcome.');
    expect((await partners('payout-resolve', 'UNKNOWNPAYOUT0000001', 'failed')).output).toContain('Refused');
  });
});
