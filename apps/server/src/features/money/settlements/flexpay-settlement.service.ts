import { createHash } from 'node:crypto';
import { CURRENCIES, type Currency } from '@motema/shared/billing';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { balanceOf, postEntry, type PostedEntry } from '../ledger/ledger.service.ts';

export type BankTransfer = { amountMinor: number; currency: Currency; bankReference: string };

/**
 * A settlement's source id: the bank's reference names the transfer, and the ledger names sources by
 * uuid, so the reference is hashed into one (the same reference, the same id; the entry's description
 * keeps the reference itself).
 */
export function settlementSourceId(bankReference: string): string {
  const hex = createHash('sha256').update(`flexpay-settlement:${bankReference}`).digest('hex');
  // A version 8 (custom) uuid of RFC 9562: its version and variant bits set, the rest the hash's.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * FlexPay paid what it collected for us into our bank: Dr platform:bank / Cr platform:flexpay_clearing.
 * Once per bank reference: the same transfer booked again changes nothing (`replayed`), the same
 * reference with another amount or currency is refused (the ledger's `key_reused`).
 */
export async function bookBankTransfer(db: Db, transfer: BankTransfer): Promise<PostedEntry> {
  const { amountMinor: amount, currency, bankReference } = transfer;
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`a transfer's amount is a positive whole number of minor units, not ${amount}`);
  }
  return db.transaction((tx) =>
    postEntry(tx, {
      key: `flexpay_settlement:${bankReference}`,
      kind: 'flexpay_settlement',
      source: { kind: 'settlement', id: settlementSourceId(bankReference) },
      description: `FlexPay's transfer to our bank, reference ${bankReference}`,
      lines: [
        { account: 'platform:bank', amount, currency },
        { account: 'platform:flexpay_clearing', amount: -amount, currency },
      ],
    }),
  );
}

/**
 * What FlexPay holds for us, per currency, by our books (payments settled, less fees, refunds and
 * transfers to the bank): to compare with FlexPay's statement.
 */
export async function clearingBalances(db: DbOrTx): Promise<{ currency: Currency; minor: number }[]> {
  return Promise.all(
    CURRENCIES.map(async (currency) => ({
      currency,
      minor: await balanceOf(db, 'platform:flexpay_clearing', currency),
    })),
  );
}
