import type { AppEvents } from './app-events.ts';
import type { Tx } from './db/client.ts';
import type { UserRow } from './db/schema/users.ts';

/**
 * What an account's creation or deletion brings with it in other features (a partner's child
 * account; the counters of what the member's rows leave behind): auth creates or deletes the
 * account, then runs every module's hooks in the same transaction, in the modules' order, so that
 * both commit or neither does, and auth imports none of the features that react. A file of its own,
 * outside every feature, as payment-hooks-port.ts.
 */
export type AccountHookContext = {
  /** The transaction creating the account: a hook writes only through it. */
  tx: Tx;
  at: Date;
  /** What the registration's body said beyond the account itself. */
  registration: { referral?: string | undefined };
  /** Something worth knowing but nothing to refuse (an unknown referral code): the request's log, at info. */
  note: (message: string, fields: Record<string, unknown>) => void;
};

/** The deletion's transaction, with the member's row and every row of theirs still there. */
export type AccountRemovalContext = { tx: Tx };

/**
 * What went with the account that others hear of after the commit: `account.removed`'s payload but
 * the member, each field filled by the hook that removed it (values from the transaction, never kept
 * aside: a rollback leaves nothing behind).
 */
export type RemovedAccountData = Omit<AppEvents['account.removed'], 'userId'>;
/** Each field before a hook fills it: nothing removed. */
export const NOTHING_REMOVED: RemovedAccountData = { conversations: [], lives: [] };

export type AccountHook = {
  /** Who reacts, for the logs: 'partnership referral'. */
  name: string;
  /** The account was created (pending its e-mail's confirmation). Never throws on a newcomer's input. */
  created?: (account: UserRow, context: AccountHookContext) => Promise<void>;
  /**
   * The account is about to be deleted (QUALITY Z6): the feature removes its rows of the member's
   * that do not cascade (answering what went, for `account.removed`'s subscribers), and sets right
   * what the cascade would leave untrue in its own tables (a counter of other members' rows, what
   * the member weighed in), in set-based statements, before the users row goes. A throw rolls the
   * whole deletion back. Rows with `ON DELETE CASCADE` to users need nothing here; what a rollback
   * cannot undo (files on disk or in S3) is a subscriber of `account.removed` that enqueues a
   * durable job.
   */
  removing?: (
    userId: string,
    context: AccountRemovalContext,
  ) => Promise<Partial<RemovedAccountData> | undefined | void>;
};
