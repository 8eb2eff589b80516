import { isDatabaseUnavailable, serviceUnavailable } from '../../../db/database-unavailable.ts';
import { AppError, forbidden } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import { conversationNotFound } from '../chat-errors.ts';
import {
  refuseOverMessageLimit,
  refusePaywalled,
  releaseMessageHit,
  storeChecked,
  storeMessage,
  type SendDeps,
  type SendInput,
  type StoredMessage,
} from './chat-send.service.ts';
import * as batchRepo from './messages-batch.repository.ts';
import { newMessageFor } from '../messages/message-views.service.ts';

/** The most messages one transaction stores; more wait for the next batch. */
export const SEND_BATCH_MAX = 500;
/**
 * Batches stored at once: while one waits for its commit (the WAL flush), the next ones read their
 * contexts and take their locks. Conversations are locked in id order, so they never deadlock.
 */
export const SEND_BATCHES_IN_FLIGHT = 3;

type Pending = {
  senderId: string;
  input: SendInput;
  resolve: (stored: StoredMessage) => void;
  reject: (error: unknown) => void;
};

export type SendBatcher = {
  /** `storeMessage`'s contract (same results, same errors), stored with the other sends of its batch. */
  store(senderId: string, input: SendInput): Promise<StoredMessage>;
};

/**
 * Group commit of chat sends (decision 0010). Text messages (and replies) wait while the previous
 * batch is being stored, with no timer: the first one after a quiet moment goes at the next turn of
 * the event loop, under load each batch holds what arrived during the last one. A batch costs one
 * statement in one transaction whatever its size; every sender is answered after its commit.
 * Messages with files go on their own (`storeMessage`): their attaching stays in their transaction.
 */
export function createSendBatcher(deps: SendDeps): SendBatcher {
  const queue: Pending[] = [];
  let inFlight = 0;
  let scheduled = false;

  /** Starts batches while fewer than SEND_BATCHES_IN_FLIGHT are being stored. */
  function start(): void {
    scheduled = false;
    while (inFlight < SEND_BATCHES_IN_FLIGHT && queue.length > 0) {
      const batch = queue.splice(0, SEND_BATCH_MAX);
      inFlight += 1;
      storeBatch(deps, batch)
        // storeBatch settles every send itself; on an unexpected error, a second settle is ignored.
        .catch((error: unknown) => batch.forEach((send) => send.reject(error)))
        .finally(() => {
          inFlight -= 1;
          start();
        });
    }
  }

  return {
    store(senderId, input) {
      if (input.files?.length) return storeMessage(deps, senderId, input);
      return new Promise<StoredMessage>((resolve, reject) => {
        queue.push({ senderId, input, resolve, reject });
        // The sends of this turn of the event loop go together.
        if (!scheduled && inFlight < SEND_BATCHES_IN_FLIGHT) {
          scheduled = true;
          setImmediate(start);
        }
      });
    },
  };
}

/** A send's fate, held as a value (never a pending rejection) until every send is answered. */
type Outcome = { stored: StoredMessage } | { error: unknown };

/** What `promise` came to, as a value. */
const outcomeOf = (promise: Promise<StoredMessage>): Promise<Outcome> =>
  promise.then(
    (stored) => ({ stored }),
    (error: unknown) => ({ error }),
  );

/**
 * One batch, like `storeMessage` for each send, in one statement and one transaction (decisions
 * 0010, 0025): the rate limit is counted first, then each send's context is read where it is stored
 * (not a member, blocked, behind the paywall, already stored are answered alone, and use no number; the
 * paywall's refusals give their hit back). A send over the
 * limit takes `storeMessage`'s own path (a non-member, a block or a retry are answered as such, a new
 * message refused with no number used); so the limit also counts a retry or a refused send made
 * under it, as one more hit, where a separate lookup before the limiter cost a statement and a round
 * trip a batch (bench/README.md B3). A send repeated within the batch (same sender and client id)
 * follows the first one's fate. When the transaction fails, nothing of it stayed: each send is
 * stored on its own instead, in the batch's order, so one bad message never fails the others.
 */
async function storeBatch(deps: SendDeps, batch: readonly Pending[]): Promise<void> {
  const firsts = new Map<string, Pending>();
  const repeats: { send: Pending; first: Pending }[] = [];
  const candidates: Pending[] = [];
  batch.forEach((send) => {
    const key = `${send.senderId}:${send.input.clientId}`;
    const first = firsts.get(key);
    if (first) return void repeats.push({ send, first });
    firsts.set(key, send);
    candidates.push(send);
  });
  const outcomes = new Map<Pending, Outcome>();
  const allowed = await Promise.all(
    candidates.map(async (send) => {
      try {
        await refuseOverMessageLimit(deps.limiter, send.senderId);
        return true;
      } catch (refusal) {
        const refuse = () => Promise.reject(refusal);
        outcomes.set(send, await outcomeOf(storeChecked(deps.db, send.senderId, send.input, refuse)));
        return false;
      }
    }),
  );
  // In the batch's order (numbers follow arrival), whatever order the limiter answered in.
  const counted = candidates.filter((_, i) => allowed[i]);
  if (counted.length > 0) {
    for (const [send, outcome] of await storeCounted(deps, counted)) outcomes.set(send, outcome);
  }
  // The paywall refused these after their hit was counted: it is taken back, so a member who meets it
  // keeps every message of their limit for the conversations they may write in.
  await Promise.all(
    candidates.map((send) => {
      const outcome = outcomes.get(send);
      const refused = outcome && 'error' in outcome && isPaymentRequired(outcome.error);
      return refused ? releaseMessageHit(deps.limiter, send.senderId) : undefined;
    }),
  );
  for (const [send, outcome] of outcomes) settle(send, outcome);
  for (const { send, first } of repeats) {
    const outcome = outcomes.get(first) ?? { error: new Error('send lost in its batch') };
    settle(
      send,
      'stored' in outcome ? { stored: { ...outcome.stored, created: false, view: undefined } } : outcome,
    );
  }
}

const isPaymentRequired = (error: unknown) => error instanceof AppError && error.code === 'payment_required';

function settle(send: Pending, outcome: Outcome): void {
  if ('stored' in outcome) send.resolve(outcome.stored);
  else send.reject(outcome.error);
}

/** The counted sends' outcomes: from one transaction, or one by one when it failed. */
async function storeCounted(deps: SendDeps, sends: readonly Pending[]): Promise<Map<Pending, Outcome>> {
  const outcomes = new Map<Pending, Outcome>();
  const createdAt = clock.now();
  let results: Map<number, batchRepo.BatchResult>;
  try {
    results = await batchRepo.storeBatch(
      deps.db,
      sends.map(({ senderId, input }) => ({
        conversationId: input.conversationId,
        senderId,
        clientId: input.clientId,
        text: input.text ? input.text : null,
        replyToId: input.replyTo ?? null,
      })),
      createdAt,
    );
  } catch (error) {
    // The database away: each on its own would fail the same way, one connection attempt each.
    if (isDatabaseUnavailable(error)) {
      for (const send of sends) outcomes.set(send, { error: serviceUnavailable() });
      return outcomes;
    }
    // Rolled back whole: each on its own, in order (a client id stored meanwhile is answered as a
    // retry), its limit already counted.
    const counted = () => Promise.resolve();
    for (const send of sends) {
      outcomes.set(send, await outcomeOf(storeChecked(deps.db, send.senderId, send.input, counted)));
    }
    return outcomes;
  }
  await Promise.all(
    sends.map(async (send, index) => {
      outcomes.set(send, await outcomeOf(resultOf(deps, send, results.get(index), createdAt)));
    }),
  );
  return outcomes;
}

/** A send's answer from its row of the batch statement, as `storeMessage` would give it. */
async function resultOf(
  deps: SendDeps,
  { senderId, input }: Pending,
  result: batchRepo.BatchResult | undefined,
  createdAt: Date,
): Promise<StoredMessage> {
  if (!result) throw conversationNotFound();
  if (!result.open) throw forbidden('chat_blocked');
  if (result.existingId) return { messageId: result.existingId, recipientId: result.otherId, created: false };
  await refusePaywalled(deps.db, senderId, result, createdAt);
  // Not stored though allowed: a quote from another conversation (or the conversation gone meanwhile).
  if (!result.stored)
    throw input.replyTo ? new AppError(404, 'message_not_found') : forbidden('chat_blocked');
  const stored: StoredMessage = { messageId: result.stored.id, recipientId: result.otherId, created: true };
  if (!input.replyTo) {
    const values = {
      ...result.stored,
      conversationId: input.conversationId,
      senderId,
      clientId: input.clientId,
      text: input.text ? input.text : null,
      createdAt,
    };
    try {
      stored.view = await newMessageFor(deps.db, values, result);
    } catch {
      // announceStored then reads it from the database for the ack.
    }
  }
  return stored;
}
