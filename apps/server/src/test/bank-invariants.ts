import type { Db } from '../db/client.ts';
import { ledgerDiscrepancies } from '../features/money/ledger/ledger.service.ts';
import { commissionOn } from '../features/partnership/commission.service.ts';

/**
 * The bank's invariants after a run has quiesced (PAYMENTS.md M6), each difference in words: empty
 * when the books are true. The ledger is read as the database holds it, and held to the payments'
 * states, which only a provider's check moves (P8).
 */
export async function bankDifferences(db: Db): Promise<string[]> {
  const differences = [...(await ledgerDiscrepancies(db))];
  const query = async <T extends object>(text: string) => (await db.$client.query<T>(text)).rows;

  // Nothing that may not go negative is negative (the CHECK holds it; this says so after the run).
  for (const row of await query<{ name: string; balance: string }>(
    `select a.name, b.balance_minor::text as balance from account_balances b join ledger_accounts a on a.id = b.account_id
      where not b.may_go_negative and b.balance_minor < 0`,
  )) {
    differences.push(`${row.name} is negative: ${row.balance}`);
  }

  // Per currency: what the platform's accounts hold against what the payments' states say.
  const balances = new Map<string, number>();
  for (const row of await query<{ name: string; currency: string; balance: string }>(
    `select case when a.name like 'user:%' then 'member:' || split_part(a.name, ':', 3) else a.name end as name,
            a.currency, sum(b.balance_minor)::text as balance
       from account_balances b join ledger_accounts a on a.id = b.account_id group by 1, 2`,
  )) {
    balances.set(`${row.name}/${row.currency}`, Number(row.balance));
  }
  const balance = (name: string, currency: string) => balances.get(`${name}/${currency}`) ?? 0;
  const payments = await query<{
    id: string;
    status: string;
    currency: string;
    amount: string;
    child: boolean;
    percentage: number | null;
  }>(
    `select p.id, p.status, p.currency, p.amount_minor::text as amount, r.child_id is not null as child,
            s.percentage::float8 as percentage
       from payments p left join referrals r on r.child_id = p.user_id
       left join partnerships s on s.user_id = r.partner_id`,
  );
  const entries = new Set(
    (await query<{ key: string }>('select idempotency_key as key from journal_entries')).map(
      (row) => row.key,
    ),
  );
  const expected = new Map<string, BankSums>();
  const sumsOf = (currency: string) => {
    const sums = expected.get(currency) ?? {
      revenue: 0,
      commission: 0,
      paidOut: 0,
      credited: 0,
      inFlight: 0,
    };
    expected.set(currency, sums);
    return sums;
  };
  let grants = 0;
  for (const payment of payments) {
    const standing = payment.status === 'SUCCESS' || payment.status === 'REFUND_PENDING';
    const settled = standing || payment.status === 'REFUNDED';
    const sums = sumsOf(payment.currency);
    const share = payment.child ? commissionOn(Number(payment.amount), payment.percentage!) : 0;
    if (standing) {
      sums.revenue += Number(payment.amount);
      sums.commission += share;
    }
    if (settled) grants += 1;
    // Each child's settled payment has its commission once; a refunded one, its reversal once (M4).
    const commission = `commission:${payment.id}`;
    if (share > 0 && settled !== entries.has(commission)) {
      differences.push(
        `payment ${payment.id} (${payment.status}): commission entry ${entries.has(commission)}`,
      );
    }
    if (share > 0 && (payment.status === 'REFUNDED') !== entries.has(`${commission}:reversed`)) {
      differences.push(`payment ${payment.id} (${payment.status}): commission reversal missing or extra`);
    }
  }
  differences.push(...(await withdrawalDifferences(db, entries, sumsOf)));
  for (const [currency, sums] of expected) {
    const revenue = balance('platform:revenue', currency);
    if (revenue !== sums.revenue) {
      differences.push(`${currency}: revenue ${revenue}, settled payments standing ${sums.revenue}`);
    }
    // Conserved: what FlexPay holds for us is what we earned, plus what is in suspense for review, less
    // what was paid out to partners, plus the proofs' small amounts it collected (owed back to them).
    const clearing = balance('platform:flexpay_clearing', currency);
    const held =
      revenue +
      balance('platform:suspense', currency) -
      balance('platform:fees', currency) -
      sums.paidOut +
      sums.credited;
    if (clearing !== held) {
      differences.push(
        `${currency}: clearing ${clearing}, revenue and suspense less payouts plus proofs ${held}`,
      );
    }
    // Commissions: the standing children's payments times the percentage; owed to partners with the
    // proofs credited back, less what was paid out; in flight, what open withdrawals reserved.
    const expense = balance('platform:commission_expense', currency);
    const owed =
      balance('member:aff_pending', currency) +
      balance('member:aff_available', currency) +
      balance('member:aff_payout_in_flight', currency);
    const owing = sums.commission + sums.credited - sums.paidOut;
    if (expense !== sums.commission || owed !== owing) {
      differences.push(
        `${currency}: commissions ${expense} booked (${sums.commission} expected), ${owed} owed (${owing} expected)`,
      );
    }
    const inFlight = balance('member:aff_payout_in_flight', currency);
    if (inFlight !== sums.inFlight) {
      differences.push(`${currency}: ${inFlight} in flight, withdrawals open ${sums.inFlight}`);
    }
  }

  // One pass per settled payment, never more; taken back from every refund under way or done (P11, P18).
  const [passes] = await query<{ granted: string; standing: string; twice: string }>(
    `select count(*)::text as granted, count(*) filter (where revoked_at is null)::text as standing,
            (count(*) - count(distinct payment_id))::text as twice
       from user_subscriptions where payment_id is not null`,
  );
  const succeeded = payments.filter((payment) => payment.status === 'SUCCESS').length;
  if (Number(passes!.granted) !== grants || Number(passes!.twice) !== 0) {
    differences.push(
      `passes: ${passes!.granted} granted (${passes!.twice} twice) for ${grants} settled payments`,
    );
  }
  if (Number(passes!.standing) !== succeeded) {
    differences.push(`passes: ${passes!.standing} standing for ${succeeded} payments SUCCESS`);
  }
  return differences;
}

/** How many payments end in each state, for the run's summary. */
export async function paymentStates(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.$client.query<{ status: string; count: string }>(
    'select status, count(*)::text as count from payments group by status order by status',
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

/** Per currency, what the states say the platform's and partners' accounts hold. */
type BankSums = { revenue: number; commission: number; paidOut: number; credited: number; inFlight: number };

/**
 * Withdrawals and proofs against their entries (P19, P20): one reservation per withdrawal that got
 * past its rules, paid once when SUCCESS, released once when FAILED, neither while open (an unknown
 * outcome is never released on its own); each proven number's proof credited back once. Adds what was
 * paid out, credited and still in flight to the sums.
 */
async function withdrawalDifferences(
  db: Db,
  entries: Set<string>,
  sumsOf: (currency: string) => BankSums,
): Promise<string[]> {
  const differences: string[] = [];
  type Row = { id: string; status: string; currency: string; amount: string };
  const select = 'select id, status, currency, amount_minor::text as amount from';
  for (const withdrawal of (await db.$client.query<Row>(`${select} withdrawals`)).rows) {
    const has = (suffix: string) => entries.has(`withdrawal:${withdrawal.id}:${suffix}`);
    const sums = sumsOf(withdrawal.currency);
    const reserved = has('reserved');
    if (withdrawal.status !== 'FAILED' && !reserved) {
      differences.push(`withdrawal ${withdrawal.id} (${withdrawal.status}) has no reservation`);
    }
    const released = withdrawal.status === 'FAILED' && reserved;
    if (has('paid') !== (withdrawal.status === 'SUCCESS') || has('released') !== released) {
      differences.push(
        `withdrawal ${withdrawal.id} (${withdrawal.status}): paid ${has('paid')}, released ${has('released')}`,
      );
    }
    if (withdrawal.status === 'SUCCESS') sums.paidOut += Number(withdrawal.amount);
    else if (reserved && withdrawal.status !== 'FAILED') sums.inFlight += Number(withdrawal.amount);
  }
  for (const proof of (await db.$client.query<Row>(`${select} withdrawal_proofs`)).rows) {
    const credited = entries.has(`withdrawal_proof:${proof.id}:credited`);
    if (credited !== (proof.status === 'SUCCESS')) {
      differences.push(`proof ${proof.id} (${proof.status}): credited ${credited}`);
    }
    if (credited) sumsOf(proof.currency).credited += Number(proof.amount);
  }
  return differences;
}

/** Per currency, the withdrawals we hold paid out, and how many end in each state, for the summary. */
export async function withdrawalFigures(db: Db) {
  const { rows } = await db.$client.query<{ currency: string; status: string; count: string; total: string }>(
    `select currency, status, count(*)::text as count, sum(amount_minor)::text as total
       from withdrawals group by currency, status`,
  );
  const paidOut: Record<string, number> = {};
  const states: Record<string, number> = {};
  for (const row of rows) {
    states[row.status] = (states[row.status] ?? 0) + Number(row.count);
    if (row.status === 'SUCCESS') paidOut[row.currency] = Number(row.total);
  }
  return { paidOut, states };
}
