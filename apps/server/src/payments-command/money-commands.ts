import { CURRENCIES, type Currency } from '@motema/shared/billing';
import type { Db } from '../db/client.ts';
import {
  bookBankTransfer,
  clearingBalances,
} from '../features/money/settlements/flexpay-settlement.service.ts';

/** The commands that book or show money at FlexPay and the bank (docs/payments.md, "Fees and settlements"). */
export type MoneyCommand =
  | { kind: 'settlement'; amountMinor: number; currency: Currency; bankReference: string }
  | { kind: 'clearing' };

/** The command `positionals` name, or undefined when they name none of these. */
export function parseMoneyCommand(positionals: string[]): MoneyCommand | undefined {
  const [name, ...rest] = positionals;
  if (name === 'clearing' && rest.length === 0) return { kind: 'clearing' };
  if (name === 'settlement' && rest.length === 3) {
    const [amount, currency, bankReference] = rest as [string, string, string];
    if (!/^[1-9]\d{0,14}$/.test(amount))
      throw new Error(`the amount is in minor units (499 for 4.99), not ${amount}`);
    if (!(CURRENCIES as readonly string[]).includes(currency)) {
      throw new Error(`the currency is one of ${CURRENCIES.join(', ')}, not ${currency}`);
    }
    if (!bankReference.trim()) throw new Error('the bank reference is empty');
    return { kind: 'settlement', amountMinor: Number(amount), currency: currency as Currency, bankReference };
  }
  return undefined;
}

export async function runMoneyCommand(db: Db, command: MoneyCommand): Promise<void> {
  switch (command.kind) {
    case 'settlement': {
      const entry = await bookBankTransfer(db, command);
      console.log(
        entry.replayed
          ? `Transfer ${command.bankReference} was booked already: nothing changed.`
          : `Transfer ${command.bankReference} of ${command.amountMinor} ${command.currency} (minor units) booked: Dr platform:bank / Cr platform:flexpay_clearing.`,
      );
      return;
    }
    case 'clearing':
      for (const { currency, minor } of await clearingBalances(db)) {
        console.log(`platform:flexpay_clearing  ${currency}  ${minor} (minor units)`);
      }
      return;
  }
}
