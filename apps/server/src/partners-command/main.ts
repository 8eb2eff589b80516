/**
 * `npm run partners -- <command>`: what an operator sets for a partner (docs/partnership.md), on the
 * database `npm start` uses (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR: stop the app first).
 */
import type { Db } from '../db/client.ts';
import { runWithConfiguredDatabase } from '../db/command-database.ts';
import { loadEnv } from '../env.ts';
import {
  endPartnership,
  listPartners,
  PartnersRefused,
  setPercentage,
} from '../features/partnership/partners-operator.service.ts';
import {
  listUnknownPayouts,
  resolvePayout,
} from '../features/partnership/withdrawals/payouts-operator.service.ts';

const USAGE = `Usage: npm run partners -- <command>
  list                             every partnership: code, dates, percentage, hold days, children
  percentage <username> <percent>  another share of their children's payments (e.g. 12.5), from now on
  end <username> [<date>]          ends the partnership now, or at <date> (2026-12-31 or an ISO time)
  payouts-unknown                  withdrawals whose payout's outcome is unknown (look them up at FlexPay)
  payout-resolve <reference> paid|failed
                                   books such a payout paid, or releases its amount to the partner`;

type Command =
  | { kind: 'list' }
  | { kind: 'percentage'; username: string; percentage: number }
  | { kind: 'end'; username: string; at: Date | undefined }
  | { kind: 'payouts-unknown' }
  | { kind: 'payout-resolve'; reference: string; outcome: 'paid' | 'failed' };

function parseCommand([name, username, value, ...rest]: string[]): Command {
  if (name === 'list' && username === undefined) return { kind: 'list' };
  if (name === 'payouts-unknown' && username === undefined) return { kind: 'payouts-unknown' };
  if (
    name === 'payout-resolve' &&
    username &&
    (value === 'paid' || value === 'failed') &&
    rest.length === 0
  ) {
    return { kind: 'payout-resolve', reference: username, outcome: value };
  }
  if (name === 'percentage' && username && value && rest.length === 0) {
    return { kind: 'percentage', username, percentage: Number(value) };
  }
  if (name === 'end' && username && rest.length === 0) {
    return { kind: 'end', username, at: value === undefined ? undefined : new Date(value) };
  }
  throw new Error(USAGE);
}

const day = (date: Date | null) => (date ? date.toISOString() : 'open-ended');

async function run(db: Db, command: Command): Promise<void> {
  if (command.kind === 'list') {
    const rows = await listPartners(db);
    if (rows.length === 0) console.log('No partnership yet.');
    for (const row of rows) {
      console.log(
        `${row.username}  ${row.code}  ${day(row.startDate)} -> ${day(row.endDate)}  ${row.percentage}%  hold ${row.holdDays} days  ${row.children} children`,
      );
    }
    return;
  }
  if (command.kind === 'payouts-unknown') {
    const rows = await listUnknownPayouts(db);
    if (rows.length === 0) console.log('No payout of unknown outcome.');
    for (const row of rows) {
      console.log(
        `${row.reference}  ${row.amountMinor} ${row.currency} (minor units)  to +${row.phone}  asked ${row.createdAt.toISOString()}\n  resolve: npm run partners -- payout-resolve ${row.reference} paid|failed`,
      );
    }
    return;
  }
  if (command.kind === 'payout-resolve') {
    const row = await resolvePayout(db, command.reference, command.outcome);
    console.log(`withdrawal ${row.reference}: ${row.status}.`);
    return;
  }
  if (command.kind === 'percentage') {
    const row = await setPercentage(db, command.username, command.percentage);
    console.log(`${command.username}: ${row.percentage}% of each settled payment of a child, from now on.`);
    return;
  }
  const row = await endPartnership(db, command.username, command.at);
  console.log(`${command.username}: the partnership ends at ${day(row.endDate)}.`);
}

let command: Command;
let env;
try {
  command = parseCommand(process.argv.slice(2));
  env = loadEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

await runWithConfiguredDatabase(
  env,
  { max: 2, describe: (error) => (error instanceof PartnersRefused ? `Refused: ${error.message}` : error) },
  (db) => run(db, command),
);
