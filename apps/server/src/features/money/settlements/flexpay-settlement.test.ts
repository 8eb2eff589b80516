// @slow-tier runs `npm run payments` as its own process.
import { describe, expect, it } from 'vitest';
import { ledgerTestDatabase } from '../../../test/ledger-bed.ts';
import { runPaymentsCommand } from '../../../test/payments-command.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { bookBankTransfer, clearingBalances, settlementSourceId } from './flexpay-settlement.service.ts';

// FlexPay's transfers to our bank, so that platform:flexpay_clearing can be held to its statement.
const database = ledgerTestDatabase();

describe("FlexPay's transfer to our bank", () => {
  it('is booked once per bank reference: Dr platform:bank / Cr platform:flexpay_clearing', async () => {
    const transfer = { amountMinor: 12_000, currency: 'USD' as const, bankReference: 'RAWBANK-2026-001' };
    expect(await bookBankTransfer(database.db, transfer)).toMatchObject({ replayed: false });
    expect(await bookBankTransfer(database.db, transfer)).toMatchObject({ replayed: true });
    expect(await balanceOf(database.db, 'platform:bank', 'USD')).toBe(12_000);
    expect(await clearingBalances(database.db)).toEqual([
      { currency: 'USD', minor: -12_000 },
      { currency: 'CDF', minor: 0 },
    ]);
    // The same reference with another amount is another transfer's claim: refused, nothing booked.
    await expect(bookBankTransfer(database.db, { ...transfer, amountMinor: 1 })).rejects.toMatchObject({
      reason: 'key_reused',
    });
    await expect(
      bookBankTransfer(database.db, { ...transfer, bankReference: 'X', amountMinor: 0 }),
    ).rejects.toThrow(RangeError);
    expect(await balanceOf(database.db, 'platform:bank', 'USD')).toBe(12_000);
  });

  it('names its source by a uuid of the bank reference', () => {
    expect(settlementSourceId('A')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(settlementSourceId('A')).toBe(settlementSourceId('A'));
    expect(settlementSourceId('A')).not.toBe(settlementSourceId('B'));
  });

  it("is the operator's `npm run payments -- settlement`, and `clearing` prints the balance", async () => {
    const booked = await runPaymentsCommand(database.url, ['settlement', '50000', 'CDF', 'EQUITY-77']);
    expect(booked, booked.output).toMatchObject({ code: 0 });
    expect(booked.output).toContain('EQUITY-77 of 50000 CDF');
    const again = await runPaymentsCommand(database.url, ['settlement', '50000', 'CDF', 'EQUITY-77']);
    expect(again.output).toContain('booked already');
    const other = await runPaymentsCommand(database.url, ['settlement', '40000', 'CDF', 'EQUITY-77']);
    expect(other.code).toBe(1);
    expect(other.output).toContain('Refused:');
    const bad = await runPaymentsCommand(database.url, ['settlement', '4.99', 'CDF', 'EQUITY-78']);
    expect(bad.code).toBe(2);
    const clearing = await runPaymentsCommand(database.url, ['clearing']);
    expect(clearing.output).toContain('platform:flexpay_clearing  CDF  -50000 (minor units)');
  }, 60_000);
});
