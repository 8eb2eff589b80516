import { createHash } from 'node:crypto';
import { CURRENCIES, type Currency } from '@motema/shared/billing';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import type { LedgerSourceKind } from '../../../db/schema.ts';
import { ledgerAccountRule, normalSign } from './ledger-accounts.ts';
import { LedgerError } from './ledger-error.ts';

/** A member's account's name ('user:<id>:aff_pending'), for the features posting to them (the partnership). */
export { memberAccount } from './ledger-accounts.ts';
/** What the ledger refuses (an overdraft, a reused key), for callers that answer a refusal of their own. */
export { LedgerError } from './ledger-error.ts';
import * as repo from './ledger.repository.ts';

/** One line of an entry: a debit when `amount` > 0, a credit when < 0, in integer minor units. */
export type LedgerLine = { account: string; amount: number; currency: Currency };

/** What an entry comes from: the payment (or commission, or payout) whose id it names, as the journals show. */
export type LedgerSource = { kind: LedgerSourceKind; id: string };

export type LedgerEntryInput = {
  /** The business event's own key ('payment:<id>:settled'): the entry is posted once per key. */
  key: string;
  /** What the entry records, in snake_case ('payment_settled', 'commission', 'reversal'). */
  kind: string;
  source: LedgerSource;
  description: string;
  /** At least two, summing to 0 in each currency. */
  lines: LedgerLine[];
};

export type PostedEntry = {
  id: string;
  key: string;
  /** true when the key had been posted already (with the same lines): nothing new was written. */
  replayed: boolean;
};

/**
 * Posts a balanced entry in the caller's transaction, so that it commits or rolls back with the
 * business change it records (a payment's settlement): only a transaction is taken, never the pool,
 * so no entry is ever committed on its own. Idempotent by key (A3.6, P11): the same key with the same
 * kind, source and lines answers the entry already posted and writes nothing; with other lines or
 * another source, it throws `key_reused`. Accounts are opened on their
 * first posting. The balances of the entry's accounts are locked in account id order (M2, M5) and
 * an entry that would take a non-negative account below 0 throws `overdraft` before anything is
 * written, so the caller's transaction stays usable; the database's CHECK backs that up.
 */
export async function postEntry(tx: Tx, entry: LedgerEntryInput): Promise<PostedEntry> {
  const accounts = checkLines(entry);
  return await post(tx, entry, fingerprintOf(entry), accounts);
}

/**
 * Posts the opposite of the entry posted under `key`, under `reversalKey` and from `source` (what
 * undoes it: a payment's refund names the payment), in the caller's transaction. A correction is a
 * new entry, never an edit: postings are append-only. Idempotent by `reversalKey`; an entry is
 * reversed at most once (`already_reversed`, and a UNIQUE column behind it).
 */
export async function reverseEntry(
  tx: Tx,
  { key, reversalKey, source }: { key: string; reversalKey: string; source: LedgerSource },
): Promise<PostedEntry> {
  const original = await repo.findEntryByKey(tx, key);
  if (!original) throw new LedgerError('entry_not_found', `no ledger entry has the key ${key}`);
  const lines = (await repo.listEntryLines(tx, original.id)).map((line) => ({
    account: line.account,
    currency: line.currency,
    amount: -line.amount,
  }));
  const reversal = {
    key: reversalKey,
    kind: 'reversal',
    source,
    description: `Reversal of ${key}: ${original.description}`,
    lines,
  };
  const fingerprint = fingerprintOf(reversal);
  const existing = await repo.findEntryByKey(tx, reversalKey);
  if (existing) return replay(existing, reversal, fingerprint);
  const reversedBy = await repo.findReversalKey(tx, original.id);
  if (reversedBy !== undefined) {
    throw new LedgerError('already_reversed', `the entry ${key} was already reversed by ${reversedBy}`);
  }
  return post(tx, reversal, fingerprint, checkLines(reversal), original.id);
}

/** The lines of the entry posted under `key`, or undefined when none was (a fee booked at a 0 rate). */
export async function entryLines(db: DbOrTx, key: string): Promise<LedgerLine[] | undefined> {
  const entry = await repo.findEntryByKey(db, key);
  return entry && repo.listEntryLines(db, entry.id);
}

/** The account's balance on its normal side (what a member may withdraw, what was earned); 0 if never posted to. */
export function balanceOf(db: DbOrTx, account: string, currency: Currency): Promise<number> {
  return repo.findBalance(db, account, currency);
}

/**
 * What would make the books untrue (an entry or a currency not summing to 0, a balance other than
 * the sum of its postings), in words: empty when they are right. For invariant checks (P10, M6).
 */
export function ledgerDiscrepancies(db: DbOrTx): Promise<string[]> {
  return repo.findDiscrepancies(db);
}

/** Whether every entry and currency sums to 0 and every balance is the sum of its account's postings. */
export async function ledgerIsBalanced(db: DbOrTx): Promise<boolean> {
  return (await ledgerDiscrepancies(db)).length === 0;
}

async function post(
  tx: Tx,
  entry: LedgerEntryInput,
  fingerprint: string,
  accounts: Map<string, repo.AccountToOpen>,
  reversesEntryId?: string,
): Promise<PostedEntry> {
  const existing = await repo.findEntryByKey(tx, entry.key);
  if (existing) return replay(existing, entry, fingerprint);

  const opened = await repo.openAccounts(tx, [...accounts.values()]);
  const idOf = new Map(opened.map((account) => [slotOf(account.name, account.currency), account.id]));
  const kindOf = new Map(opened.map((a) => [a.id, accounts.get(slotOf(a.name, a.currency))!.kind]));
  const rows = entry.lines
    .map((line) => ({ accountId: idOf.get(slotOf(line.account, line.currency))!, line }))
    .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));

  const deltas = new Map<string, number>();
  for (const { accountId, line } of rows) deltas.set(accountId, (deltas.get(accountId) ?? 0) + line.amount);
  for (const balance of await repo.lockBalances(tx, [...deltas.keys()])) {
    const next =
      balance.balanceMinor + normalSign(kindOf.get(balance.accountId)!) * deltas.get(balance.accountId)!;
    if (!balance.mayGoNegative && next < 0) {
      const account = opened.find((a) => a.id === balance.accountId)!;
      throw new LedgerError(
        'overdraft',
        `${entry.key} would take ${account.name} (${account.currency}) from ${balance.balanceMinor} to ${next}`,
      );
    }
  }

  const id = await repo.insertEntry(tx, { ...entry, fingerprint, reversesEntryId });
  if (id === undefined) {
    // Another transaction posted the same key after our first look, and committed: answer its entry.
    const raced = await repo.findEntryByKey(tx, entry.key);
    return replay(raced!, entry, fingerprint);
  }
  await repo.insertPostings(
    tx,
    rows.map(({ accountId, line }) => ({
      entryId: id,
      accountId,
      currency: line.currency,
      amountMinor: line.amount,
    })),
  );
  return { id, key: entry.key, replayed: false };
}

/**
 * The entry already posted under the key, when it says what this one says. The source is compared
 * beside the fingerprint rather than in it: the fingerprints stored before entries named their
 * source stay valid, so a settlement checked again still finds its entry.
 */
function replay(
  existing: repo.StoredEntry,
  { key, source }: Pick<LedgerEntryInput, 'key' | 'source'>,
  fingerprint: string,
): PostedEntry {
  if (existing.fingerprint !== fingerprint) {
    throw new LedgerError('key_reused', `the ledger key ${key} was already posted with other lines`);
  }
  if (existing.sourceKind !== source.kind || existing.sourceId !== source.id) {
    throw new LedgerError('key_reused', `the ledger key ${key} was already posted from another source`);
  }
  return { id: existing.id, key, replayed: true };
}

/** The entry's accounts with their rules, by account and currency, once its lines are known to balance. */
function checkLines(entry: LedgerEntryInput): Map<string, repo.AccountToOpen> {
  if (entry.key.length === 0) throw new LedgerError('unbalanced', 'a ledger entry needs a key');
  if (entry.lines.length < 2) throw new LedgerError('unbalanced', `${entry.key} has fewer than two lines`);
  const sums = new Map<string, number>();
  const accounts = new Map<string, repo.AccountToOpen>();
  for (const line of entry.lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0) {
      throw new LedgerError(
        'unbalanced',
        `${entry.key}: ${line.amount} is not a non-zero amount in minor units`,
      );
    }
    if (!(CURRENCIES as readonly string[]).includes(line.currency)) {
      throw new LedgerError('unbalanced', `${entry.key}: ${line.currency} is not a currency of the ledger`);
    }
    const rule = ledgerAccountRule(line.account);
    if (!rule)
      throw new LedgerError('unknown_account', `${entry.key}: no ledger account is named ${line.account}`);
    accounts.set(slotOf(line.account, line.currency), {
      name: line.account,
      currency: line.currency,
      ...rule,
    });
    sums.set(line.currency, (sums.get(line.currency) ?? 0) + line.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0) throw new LedgerError('unbalanced', `${entry.key} sums to ${sum} ${currency}, not 0`);
  }
  return accounts;
}

/**
 * The hash of what an entry says: its kind and its lines, in a canonical order. The description is
 * left out: rewording it is not a different movement of money.
 */
function fingerprintOf(entry: Pick<LedgerEntryInput, 'kind' | 'lines'>): string {
  const lines = entry.lines
    .map((line) => [line.account, line.currency, line.amount] as const)
    .sort((a, b) => (a.join(' ') < b.join(' ') ? -1 : a.join(' ') > b.join(' ') ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([entry.kind, lines]))
    .digest('hex');
}

/** An account in one currency, as one map key. */
function slotOf(name: string, currency: Currency): string {
  return `${currency} ${name}`;
}
