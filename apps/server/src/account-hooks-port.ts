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

export type AccountHook = {
  /** Who reacts, for the logs: 'partnership referral'. */
  name: string;
  /** The account was created (pending its e-mail's confirmation). Never throws on a newcomer's input. */
  created?: (account: UserRow, context: AccountHookContext) => Promise<void>;
  /**
   * The account is about to be deleted: what its rows' cascade would leave untrue in the feature's
   * own tables (a counter of other members' rows) is set right, in set-based statements, before the
   * users row goes. A throw rolls the whole deletion back.
   */
  removing?: (userId: string, context: AccountRemovalContext) => Promise<void>;
};
