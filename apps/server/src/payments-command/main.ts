/**
 * `npm run payments -- <command>`: what an operator does with payments whose outcome Motema could
 * not learn by itself (docs/payments.md, "A payment of unknown outcome"), on the database `npm start`
 * uses (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR: stop the app first).
 */
import { parseArgs } from 'node:util';
import type { Db } from '../db/client.ts';
import { runWithConfiguredDatabase } from '../db/command-database.ts';
import { LedgerError } from '../features/money/ledger/ledger-error.ts';
import { loadEnv, type Env } from '../env.ts';
import { startJobQueue } from '../jobs/queue.ts';
import { featureModules } from '../modules/index.ts';
import { parseMoneyCommand, runMoneyCommand, type MoneyCommand } from './money-commands.ts';
import { paymentHooksOf } from '../modules/plug-in.ts';
import {
  listUnknownOutcomes,
  resolvePayment,
  ResolveRefused,
} from '../features/billing/payments/payments-operator.service.ts';
import { decideReview, listInReview } from '../features/billing/payments/payments-review.service.ts';

const USAGE = `Usage: npm run payments -- <command>
  unknown                      payments of the last 7 days whose outcome is unknown (no FlexPay order
                               number: the init was never answered and no callback named them)
  resolve <reference> paid [--order-number <N>]
                               FlexPay's back office shows it paid: SUCCESS, its pass and its ledger entry
  resolve <reference> failed   FlexPay's back office shows it failed, or has no such transaction: FAILED
  review                       payments under review: FlexPay reported them paid with another amount,
                               currency or reference; what it received is held in platform:suspense
  review <reference> accept    take what FlexPay received as the payment: SUCCESS, its pass, its entries
  review <reference> refund    the money was returned to the payer at FlexPay: CANCELLED, the suspense
                               back to platform:flexpay_clearing
  settlement <amount-minor> <currency> <bank-reference>
                               FlexPay transferred this much to our bank: Dr platform:bank / Cr
                               platform:flexpay_clearing, once per bank reference
  clearing                     what FlexPay holds for us by our books, per currency (its statement's balance)`;

type Command =
  | { kind: 'unknown' }
  | { kind: 'resolve'; reference: string; outcome: 'paid' | 'failed'; orderNumber?: string | undefined }
  | { kind: 'review' }
  | { kind: 'decide'; reference: string; decision: 'accept' | 'refund' }
  | MoneyCommand;

function parseCommand(args: string[]): Command {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'order-number': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [name, reference, outcome] = positionals;
  if (name === 'unknown' && positionals.length === 1) return { kind: 'unknown' };
  if (name === 'review' && positionals.length === 1) return { kind: 'review' };
  if (
    name === 'review' &&
    reference &&
    (outcome === 'accept' || outcome === 'refund') &&
    positionals.length === 3
  ) {
    return { kind: 'decide', reference, decision: outcome };
  }
  const money = parseMoneyCommand(positionals);
  if (money) return money;
  if (name === 'resolve' && reference && (outcome === 'paid' || outcome === 'failed')) {
    if (outcome === 'failed' && values['order-number'] !== undefined) {
      throw new Error(`--order-number goes with paid only\n${USAGE}`);
    }
    return { kind: 'resolve', reference, outcome, orderNumber: values['order-number'] };
  }
  throw new Error(USAGE);
}

async function run(db: Db, url: string, command: Command, feePercent: number): Promise<void> {
  if (command.kind === 'settlement' || command.kind === 'clearing') return runMoneyCommand(db, command);
  if (command.kind === 'review') {
    const rows = await listInReview(db);
    if (rows.length === 0) console.log('No payment under review.');
    for (const { payment, held } of rows) {
      console.log(
        `${payment.reference}  asked ${payment.amountMinor} ${payment.currency}  received ${held ? `${held.minor} ${held.currency}` : 'nothing'} (minor units)  ${payment.createdAt.toISOString()}`,
      );
    }
    return;
  }
  if (command.kind === 'unknown') {
    const rows = await listUnknownOutcomes(db);
    if (rows.length === 0) console.log('No payment of unknown outcome in the last 7 days.');
    for (const row of rows) {
      console.log(
        `${row.reference}  ${row.status}  ${row.createdAt.toISOString()}  ${row.amountMinor} ${row.currency} (minor units)  ${row.method}`,
      );
    }
    return;
  }
  // The jobs the payment hooks send in the resolution's transaction (a commission's release).
  const jobs = await startJobQueue(url, (error) => console.error(error));
  try {
    const settlement = { db, jobs, paymentHooks: paymentHooksOf(featureModules), feePercent };
    const { payment, from } =
      command.kind === 'decide'
        ? await decideReview(settlement, command.reference, command.decision)
        : await resolvePayment(settlement, command);
    console.log(
      `Payment ${payment.reference}: ${from} -> ${payment.status}${payment.status === 'SUCCESS' ? ' (pass granted, ledger entry posted)' : ''}.`,
    );
  } finally {
    await jobs.stop();
  }
}

let command: Command;
let env: Env;
try {
  command = parseCommand(process.argv.slice(2));
  env = loadEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

await runWithConfiguredDatabase(
  env,
  {
    max: 2,
    describe: (error) =>
      error instanceof ResolveRefused || error instanceof LedgerError || error instanceof RangeError
        ? `Refused: ${error.message}`
        : error,
  },
  (db, url) => run(db, url, command, env.FLEXPAY_FEE_PERCENT),
);
