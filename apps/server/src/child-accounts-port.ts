import type { z } from 'zod';
import type { ChildAccountsAnswerSchema, ChildAccountsQuerySchema } from '@motema/shared/partnership';
import type { DbOrTx } from './db/client.ts';

export type ChildAccountsQuery = z.output<typeof ChildAccountsQuerySchema>;
export type ChildAccountsAnswer = z.output<typeof ChildAccountsAnswerSchema>;

/**
 * A partner's child accounts (GET /api/users?parent-id=): discovery owns the path, the partnership
 * feature the answer. Outside every feature, so that neither imports the other (decision 0033).
 */
export type ChildAccounts = {
  /** The children of `parent-id` when it is the member's own id; null otherwise (answered 404, Z1). */
  list: (db: DbOrTx, memberId: string, query: ChildAccountsQuery) => Promise<ChildAccountsAnswer | null>;
};
