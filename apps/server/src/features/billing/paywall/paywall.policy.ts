import { sql } from 'drizzle-orm';
import { FREE_POPULARITY_MARGIN, type PaymentRequiredReason } from '@motema/shared/billing';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { fitsPreferencesSql, matchedBetweenSql } from '../../discovery/discovery.policy.ts';
import { planRankAscendingSql, planRankOrderSql } from '../plans/plan-rank.ts';

/**
 * The chat paywall (SPEC section 6, issue 15 "What Premium gives") as SQL text, for the named
 * statements of the chat's send path (decision 0009: they cannot be Drizzle) and the conversation
 * start. The server decides; the client never does.
 *
 * A member may write freely to a match and to anyone who has written to them in that conversation
 * (the open cases: `heard` or a match, checked first, both by key). Otherwise the sender is refused:
 * - `UserPopularity` when the recipient's popularity exceeds the sender's by more than
 *   FREE_POPULARITY_MARGIN points, widened by the sender's best running plan by its popularity percent of
 *   the remaining room (100% reaches everyone);
 * - `UserPreferences` when the sender does not fit the recipient's match preferences, the rule of
 *   discovery's lists (a sex among those wanted: none when none is named; an age in the range; within
 *   the distance when both have shared a position), unless the sender's plan includes preferences.
 *
 * PostgreSQL evaluates a CASE's branches in order and runs a branch's subquery only when it gets
 * there, so an open conversation costs one column read (`heard`) or one index probe (the match).
 */
export type PaywallSqlInputs = {
  /** uuid expressions of the sender and the recipient. */
  sender: string;
  recipient: string;
  /** timestamptz expression: when the message is sent (the plan running then counts). */
  at: string;
  /** boolean expression: the recipient has written to the sender in this conversation. */
  heard: string;
};

/*
 * Aliases are prefixed `pw_` (discovery's fragments `dm_`): the expression sits inside the chat's statements, whose own aliases
 * (`me`, `other`, `i`, `u`...) it must neither shadow nor meet.
 */

/**
 * The sender's best plan among the unrevoked passes covering `at` (windows overlap where a better
 * pass runs inside a weaker one it lengthened, decision 0026 amended): the order of plan-rank.ts, as
 * `activePlan` reads it. By the index (user, end) of user_subscriptions.
 */
const runningPlan = (at: string) => `LEFT JOIN LATERAL (SELECT pw_pl.popularity, pw_pl.preferences
      FROM user_subscriptions pw_us JOIN subscription_plans pw_pl ON pw_pl.id = pw_us.plan_id
      WHERE pw_us.user_id = pw_s.id AND pw_us.revoked_at IS NULL
        AND pw_us.ends_at > ${at} AND pw_us.starts_at <= ${at}
      ORDER BY ${planRankOrderSql('pw_pl')}
      LIMIT 1) pw_plan ON true`;

/**
 * The sender fits the recipient's match preferences: discovery's rule (`wantedBy`), as the SQL text
 * discovery exports for embedding (paywall-preferences.test.ts holds the two to each other).
 */
const fits = (at: string) => fitsPreferencesSql({ member: 'pw_s', viewer: 'pw_r', at });

/**
 * A text expression: the reason the sender may not write to the recipient
 * (`PaymentRequiredReason`), or NULL when they may.
 */
export function paywallReasonSql({ sender, recipient, at, heard }: PaywallSqlInputs): string {
  const margin = FREE_POPULARITY_MARGIN;
  return `(CASE
    WHEN ${heard} THEN NULL
    WHEN ${matchedBetweenSql(sender, recipient)} THEN NULL
    ELSE (SELECT CASE
        WHEN pw_r.popularity - pw_s.popularity
          > ${margin} + (100 - ${margin}) * COALESCE(pw_plan.popularity, 0) / 100.0 THEN 'UserPopularity'
        WHEN NOT COALESCE(pw_plan.preferences, false) AND NOT ${fits(at)} THEN 'UserPreferences'
      END
      FROM users pw_s JOIN users pw_r ON pw_r.id = ${recipient} ${runningPlan(at)}
      WHERE pw_s.id = ${sender})
  END)`;
}

/** A reason read back from a statement's text column. */
export function paywallReasonOf(value: string | null | undefined): PaymentRequiredReason | null {
  return value === 'UserPopularity' || value === 'UserPreferences' ? value : null;
}

/**
 * The least plan on sale (plan-rank.ts's order, least first) that would let the sender write to the
 * recipient at `at`: wide enough for the popularity gap, and with preferences unless the sender fits
 * the recipient's. Undefined when none does. Read on the refusal path only, never on a send's
 * (decisions 0009, 0027).
 */
async function reachingPlan(db: DbOrTx, sender: string, recipient: string, at: Date) {
  const margin = FREE_POPULARITY_MARGIN;
  const { rows } = await db.execute<{ id: string }>(sql`SELECT pw_pl.id
    FROM users pw_s
      JOIN users pw_r ON pw_r.id = ${recipient}
      CROSS JOIN (SELECT ${at.toISOString()}::timestamptz AS at) pw_t
      JOIN subscription_plans pw_pl ON pw_pl.sold
    WHERE pw_s.id = ${sender}
      AND pw_r.popularity - pw_s.popularity <= ${sql.raw(`${margin} + (100 - ${margin}) * pw_pl.popularity / 100.0`)}
      AND (pw_pl.preferences OR ${sql.raw(fits('pw_t.at'))})
    ORDER BY ${sql.raw(planRankAscendingSql('pw_pl'))}
    LIMIT 1`);
  return rows[0]?.id;
}

/**
 * The paywall's refusal: 402 `payment_required` with its reason (HTTP body, socket ack), the
 * recipient (`profile`, the socket's `app:error` PaymentRequired event) and the least plan on sale
 * that reaches them (`plan`, both), for the payment-required dialog to offer.
 */
export async function paymentRequired(
  db: DbOrTx,
  refusal: { reason: PaymentRequiredReason; sender: string; recipient: string; at: Date },
): Promise<AppError> {
  const plan = await reachingPlan(db, refusal.sender, refusal.recipient, refusal.at);
  return new AppError(402, 'payment_required', {
    reason: refusal.reason,
    profile: refusal.recipient,
    ...(plan && { plan }),
  });
}
