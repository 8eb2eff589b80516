import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerTestDatabase, postAlone, reverseAlone, sourceOf } from '../../../test/ledger-bed.ts';
import { ledgerAccountRule, memberAccount, normalSign } from './ledger-accounts.ts';
import { LedgerError } from './ledger-error.ts';
import { balanceOf, ledgerDiscrepancies, type LedgerLine } from './ledger.service.ts';

// A model-based run: random sequences of postings, replays, reused keys and reversals, each one's
// outcome (posted, replayed, refused and why) predicted by a model of the balances in plain numbers,
// and every balance compared with the model after every step.

const database = ledgerTestDatabase();

type Command =
  | { op: 'transfer'; from: number; to: number; amount: number }
  | { op: 'replay'; pick: number }
  | { op: 'reuse'; pick: number }
  | { op: 'reverse'; pick: number; again: boolean };

const accountIndex = fc.integer({ min: 0, max: 3 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('transfer'),
      from: accountIndex,
      to: accountIndex,
      amount: fc.integer({ min: 1, max: 60 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('replay'), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reuse'), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('reverse'), pick: fc.nat(), again: fc.boolean() }) },
) as fc.Arbitrary<Command>;

type Posted = { key: string; lines: LedgerLine[]; reversedBy?: string };

describe('the ledger against a model', () => {
  it('answers every sequence as the model predicts, balances equal to the model after each step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 25 }), async (commands) => {
        const member = randomUUID();
        // A platform expense (debit-normal) and three of the member's liabilities, one that may go negative.
        const accounts = [
          'platform:commission_expense',
          memberAccount(member, 'aff_pending'),
          memberAccount(member, 'aff_available'),
          memberAccount(member, 'aff_payout_in_flight'),
        ];
        const model = new Map<string, number>();
        for (const account of accounts) model.set(account, await balanceOf(database.db, account, 'USD'));
        const posted: Posted[] = [];

        /** The model's balances after `lines`, or undefined when they would overdraw an account held at 0. */
        const after = (lines: LedgerLine[]) => {
          const next = new Map(model);
          for (const { account, amount } of lines) {
            next.set(account, next.get(account)! + normalSign(ledgerAccountRule(account)!.kind) * amount);
          }
          const overdrawn = [...next].some(
            ([account, balance]) => !ledgerAccountRule(account)!.mayGoNegative && balance < 0,
          );
          return overdrawn ? undefined : next;
        };
        const refusal = (work: Promise<unknown>) =>
          work.then(
            () => 'posted',
            (error: unknown) =>
              error instanceof LedgerError ? error.reason : `unexpected: ${String(error)}`,
          );

        for (const step of commands) {
          if (step.op === 'transfer') {
            if (step.from === step.to) continue;
            const lines = [
              { account: accounts[step.from]!, amount: step.amount, currency: 'USD' as const },
              { account: accounts[step.to]!, amount: -step.amount, currency: 'USD' as const },
            ];
            const key = `model:${randomUUID()}`;
            const next = after(lines);
            const outcome = await refusal(
              postAlone(database.db, {
                key,
                kind: 'transfer',
                source: sourceOf('payment', key),
                description: '',
                lines,
              }),
            );
            expect(outcome).toBe(next ? 'posted' : 'overdraft');
            if (next) {
              for (const [account, balance] of next) model.set(account, balance);
              posted.push({ key, lines });
            }
          } else if (posted.length === 0) {
            continue;
          } else if (step.op === 'replay' || step.op === 'reuse') {
            const entry = posted[step.pick % posted.length]!;
            const lines =
              step.op === 'replay'
                ? entry.lines
                : entry.lines.map((line) => ({ ...line, amount: line.amount * 2 }));
            const result = await postAlone(database.db, {
              key: entry.key,
              kind: 'transfer',
              source: sourceOf('payment', entry.key),
              description: '',
              lines,
            }).then(
              (answer) => (answer.replayed ? 'replayed' : 'posted'),
              (error: unknown) => (error instanceof LedgerError ? error.reason : String(error)),
            );
            expect(result).toBe(step.op === 'replay' ? 'replayed' : 'key_reused');
          } else {
            const entry = posted[step.pick % posted.length]!;
            const reversalKey =
              entry.reversedBy && !step.again ? entry.reversedBy : `reversal:${randomUUID()}`;
            const opposite = entry.lines.map((line) => ({ ...line, amount: -line.amount }));
            const next = entry.reversedBy ? undefined : after(opposite);
            const outcome = await refusal(reverseAlone(database.db, { key: entry.key, reversalKey }));
            if (entry.reversedBy) {
              expect(outcome).toBe(reversalKey === entry.reversedBy ? 'posted' : 'already_reversed');
            } else {
              expect(outcome).toBe(next ? 'posted' : 'overdraft');
              if (next) {
                for (const [account, balance] of next) model.set(account, balance);
                entry.reversedBy = reversalKey;
              }
            }
          }
          for (const account of accounts) {
            expect(await balanceOf(database.db, account, 'USD'), account).toBe(model.get(account));
          }
        }
        expect(await ledgerDiscrepancies(database.db)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
