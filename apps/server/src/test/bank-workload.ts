import { randomUUID } from 'node:crypto';
import { createRandom, type SimRandom } from '@motema/flexpay-sim/random';
import { MAGIC_PAYERS, type MagicScenario } from '@motema/flexpay-sim/magic-payers';
import type { Db } from '../db/client.ts';
import { sweepPayments } from '../features/billing/payments/payment-sweeper.service.ts';
import type { PaymentsDeps } from '../features/billing/payments/payments-deps.ts';
export { paymentsDepsOf } from '../features/billing/payments/payments.routes.ts';
import { COMMISSION_RELEASE_QUEUE } from '../features/partnership/commission.service.ts';
import { sweepWithdrawals } from '../features/partnership/withdrawals/payout.service.ts';
import { withdrawalsDepsOf } from '../features/partnership/withdrawals/withdrawals-deps-of.ts';
import type { AppDeps } from '../deps.ts';
import type { Member } from './factories.ts';
import type { ServerProcess } from './server-process.ts';
import type { TestFlexpaySim } from './flexpay-sim.ts';

/**
 * The bank invariant run's workload (PAYMENTS.md M6): operations drawn from one seeded random source
 * and run by a few concurrent workers against the server's process (killed and restarted now and
 * then), FlexPay's simulator (with its faults on) and a second node in the test's process, which sweeps
 * with the payments' checks moved forward in time. A failing run replays from its seed, as far as concurrency allows.
 */
export type BankRunWorld = {
  server: ServerProcess;
  flexpay: TestFlexpaySim;
  /** The second node's database and payments core. */
  db: Db;
  deps: PaymentsDeps;
  /** Members who pay: children of a partner, and members of none. */
  payers: Member[];
  plans: string[];
  /** The partners, each with the number their withdrawals go to (proven before the run). */
  partners: BankRunPartner[];
  /** The second node's sweep of withdrawal proofs and payouts. */
  sweepWithdrawals: () => Promise<unknown>;
};

export type BankRunPartner = { member: Member; phone: string };

/** How many operations, and how often the server's process is killed (one kill every `killEvery`). */
export type BankRunOptions = { seed: number; operations: number; concurrency: number; killEvery: number };

/** The payers' numbers the run draws from, each a scenario of the simulator (magic-payers.ts). */
const PAYER_SCENARIOS: readonly MagicScenario[] = [
  'success',
  'success',
  'success',
  'refundLater',
  'declined',
  'amountMismatch',
  'silentSuccess',
  'repeatedCallbacks',
  'callbackFirst',
  'flakyCheck',
  'lyingCallback',
  'initTimeout',
  'htmlInit',
];

/** What a payout to a partner's number does at FlexPay, drawn for each withdrawal (magic-payers.ts). */
const PAYOUT_SCENARIOS: readonly MagicScenario[] = [
  'payoutSuccess',
  'payoutSuccess',
  'payoutFailure',
  'payoutTimeoutThenSuccess',
  'payoutTimeoutThenFailure',
];

type Outcome = 'done' | 'refused' | 'cut';
export type BankRunTally = {
  seed: number;
  operations: number;
  kills: number;
  byOperation: Record<string, Record<Outcome, number>>;
  /** Payments started (the init answered, or not: a row may exist either way). */
  references: Map<string, Member>;
};

const pick = <T>(random: SimRandom, items: readonly T[]): T =>
  items[Math.floor(random.next() * items.length)]!;

/** Runs the workload; resolves with what was done once every worker finished and the server is up. */
export async function runBankWorkload(world: BankRunWorld, options: BankRunOptions): Promise<BankRunTally> {
  const random = createRandom(options.seed);
  const tally: BankRunTally = {
    seed: options.seed,
    operations: 0,
    kills: 0,
    byOperation: {},
    references: new Map(),
  };
  const { control } = world.flexpay.sim;
  const origin = world.flexpay.sim.origin;
  // While the server restarts, workers wait here rather than spend their operations on a closed port.
  let serverUp: Promise<void> = Promise.resolve();

  const count = (name: string, outcome: Outcome) => {
    const row = (tally.byOperation[name] ??= { done: 0, refused: 0, cut: 0 });
    row[outcome] += 1;
  };

  async function pay() {
    const member = pick(random, world.payers);
    const phone = MAGIC_PAYERS[pick(random, PAYER_SCENARIOS)].msisdn;
    const body = {
      subscription: pick(random, world.plans),
      method: 'mobile_money',
      currency: random.next() < 0.5 ? 'CDF' : 'USD',
      phone,
    };
    await serverUp;
    try {
      const response = await fetch(`${world.server.url}/api/payments/init/flex`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: member.cookie,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { reference?: string };
      if (answer.reference) tally.references.set(answer.reference, member);
      return response.status < 300 ? 'done' : 'refused';
    } catch {
      return 'cut';
    }
  }

  async function verify() {
    const known = [...tally.references];
    if (known.length === 0) return 'refused';
    const [reference, member] = pick(random, known);
    await serverUp;
    try {
      const response = await fetch(`${world.server.url}/api/payments/verify/${reference}`, {
        headers: { cookie: member.cookie },
      });
      await response.body?.cancel();
      return response.ok ? 'done' : 'refused';
    } catch {
      return 'cut';
    }
  }

  /**
   * A partner withdraws: mostly part or all of what is available in a currency at its minimum or
   * more, sometimes a cent more than is available (refused); FlexPay's payout to their number plays
   * one of the payout scenarios.
   */
  async function withdraw() {
    const partner = pick(random, world.partners);
    const scenario = pick(random, PAYOUT_SCENARIOS);
    const share = random.next();
    await serverUp;
    try {
      const overview = await fetch(`${world.server.url}/api/partnership`, {
        headers: { cookie: partner.member.cookie },
      });
      const { balances } = (await overview.json()) as {
        balances: { currency: string; available: number; minimum: number }[];
      };
      const open = balances.filter((balance) => balance.available >= balance.minimum);
      const balance = pick(random, open.length > 0 ? open : balances);
      const amount =
        share < 0.1
          ? balance.available + 1
          : Math.max(balance.minimum, Math.floor(balance.available * (0.5 + share / 2)));
      control.program({ phone: partner.phone, scenario });
      const response = await fetch(`${world.server.url}/api/withdrawals`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: partner.member.cookie,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ amount, currency: balance.currency }),
      });
      await response.body?.cancel();
      return response.status < 300 ? 'done' : 'refused';
    } catch {
      return 'cut';
    }
  }

  /** FlexPay refunds a paid collection (status "3", then "4" later), through its control API. */
  async function refund() {
    const paid = control.transactions().filter((tx) => tx.kind === 'collection' && tx.status === '0');
    if (paid.length === 0) return 'refused';
    const tx = pick(random, paid);
    const response = await fetch(`${origin}/__sim/tx/${tx.orderNumber}/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refundedAfterMs: Math.floor(random.next() * 20 * 60_000) }),
    });
    await response.body?.cancel();
    return response.ok ? 'done' : 'refused';
  }

  /** FlexPay's time passes: payments settle, refunds complete, late callbacks go out. */
  async function advanceFlexpay() {
    const response = await fetch(`${origin}/__sim/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 1_000 + Math.floor(random.next() * 5 * 60_000) }),
    });
    await response.body?.cancel();
    return 'done' as const;
  }

  /**
   * The second node's sweep, the payments' back-off a few minutes on: their next checks come due.
   * The time of the checks moves, not the node's clock, so that both nodes grant and revoke passes
   * at the same time of day, as servers whose clocks agree do.
   */
  async function sweep() {
    await passTime(world.db, 60_000 + Math.floor(random.next() * 4 * 60_000));
    await sweepPayments(world.deps);
    await world.sweepWithdrawals();
    return 'done' as const;
  }

  /** A commission's hold ends: its release job is due now, for whichever node takes it first. */
  async function release() {
    const { rows } = await world.db.$client.query<{ id: string }>(
      `select id from pgboss.job where name = $1 and state = 'created' and start_after > now() order by id`,
      [COMMISSION_RELEASE_QUEUE],
    );
    if (rows.length === 0) return 'refused';
    await world.db.$client.query('update pgboss.job set start_after = now() where id = $1', [
      pick(random, rows).id,
    ]);
    return 'done';
  }

  function kill() {
    tally.kills += 1;
    serverUp = (async () => {
      await world.server.kill('SIGKILL');
      await world.server.restart();
    })();
    return serverUp.then(() => 'done' as const);
  }

  const operations: [number, string, () => Promise<Outcome>][] = [
    [0.44, 'pay', pay],
    [0.06, 'withdraw', withdraw],
    [0.1, 'verify', verify],
    [0.1, 'refund', refund],
    [0.12, 'advance FlexPay', advanceFlexpay],
    [0.08, 'sweep', sweep],
    [0.1, 'release', release],
  ];
  const drawOperation = () => {
    let draw = random.next();
    for (const [weight, name, run] of operations) {
      if (draw < weight) return { name, run };
      draw -= weight;
    }
    return { name: 'pay', run: pay };
  };

  let next = 0;
  async function worker() {
    while (next < options.operations) {
      const index = next++;
      const { name, run } =
        index > 0 && index % options.killEvery === 0 ? { name: 'kill', run: kill } : drawOperation();
      count(name, await run());
      tally.operations += 1;
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  await serverUp;
  return tally;
}

/**
 * Time passes for the back-off of payments, withdrawal proofs and payouts: every next check `ms` sooner
 * (the money reconciler's sweeps). Rows a transaction holds are skipped, never waited for: the app
 * locks payments in its own order, and waiting here could close a deadlock.
 */
export async function passTime(db: Db, ms: number) {
  for (const table of ['payments', 'withdrawal_proofs', 'withdrawals']) {
    await db.$client.query(
      `update ${table} set next_check_at = next_check_at - make_interval(secs => $1) where id in
         (select id from ${table} where next_check_at is not null for update skip locked)`,
      [ms / 1000],
    );
  }
}

/** A node's sweep of withdrawal proofs and payouts (the partnership module's periodic job), quiet. */
export const withdrawalsSweepOf = (deps: AppDeps) => () =>
  sweepWithdrawals(withdrawalsDepsOf(deps, { error: () => {} }));
