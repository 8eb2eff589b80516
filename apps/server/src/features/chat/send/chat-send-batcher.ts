import { isDatabaseUnavailable, serviceUnavailable } from '../../../db/database-unavailable.ts';
import { AppError, forbidden } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import { conversationNotFound } from '../chat-errors.ts';
import {
  insertStored,
  refuseOverMessageLimit,
  storeMessage,
  type SendDeps,
  type SendInput,
  type StoredMessage,
} from './chat-send.service.ts';
import * as batchRepo from './messages-batch.repository.ts';
import { newMessageFor } from '../messages/message-views.service.ts';
import type { NewMessageValues, SendContext } from './message-send.repository.ts';

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
 * context lookup and one transaction whatever its size; every sender is answered after its commit.
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

type Accepted = { send: Pending; index: number; context: SendContext; row: NewMessageValues };
/** A send's fate, held as a value (never a pending rejection) until every send is answered. */
type Outcome = { stored: StoredMessage } | { error: unknown };

/**
 * One batch, like `storeMessage` for each send: the contexts in one query (not a member, blocked,
 * already stored are answered alone), the rate limit per new message, then the new ones in one
 * transaction. A send repeated within the batch (same sender and client id) follows the first one's
 * fate. When the transaction fails, nothing of it stayed: each message is stored on its own instead,
 * in the batch's order, so one bad message never fails the others.
 */
async function storeBatch(deps: SendDeps, batch: readonly Pending[]): Promise<void> {
  const contexts = await batchRepo.sendContexts(
    deps.db,
    batch.map((send) => ({ ...send.input, senderId: send.senderId })),
  );
  const firsts = new Map<string, Pending>();
  const repeats: { send: Pending; first: Pending }[] = [];
  const candidates: { send: Pending; index: number; context: SendContext }[] = [];
  batch.forEach((send, index) => {
    const context = contexts.get(index);
    if (!context) return send.reject(conversationNotFound());
    if (!context.open) return send.reject(forbidden('chat_blocked'));
    if (context.existingId) {
      return send.resolve({ messageId: context.existingId, recipientId: context.otherId, created: false });
    }
    const key = `${send.senderId}:${send.input.clientId}`;
    const first = firsts.get(key);
    if (first) return void repeats.push({ send, first });
    firsts.set(key, send);
    candidates.push({ send, index, context });
  });
  const outcomes = new Map<Pending, Outcome>();
  const accepted: Accepted[] = [];
  const createdAt = clock.now();
  await Promise.all(
    candidates.map(async ({ send, index, context }) => {
      try {
        await refuseOverMessageLimit(deps.limiter, send.senderId);
      } catch (error) {
        return void outcomes.set(send, { error });
      }
      const row: NewMessageValues = {
        conversationId: send.input.conversationId,
        senderId: send.senderId,
        recipientId: context.otherId,
        clientId: send.input.clientId,
        text: send.input.text ? send.input.text : null,
        replyToId: send.input.replyTo ?? null,
        createdAt,
      };
      accepted.push({ send, index, context, row });
    }),
  );
  // Numbers follow arrival, whatever order the limiter answered in.
  accepted.sort((x, y) => x.index - y.index);
  if (accepted.length > 0) {
    for (const [send, outcome] of await insertAccepted(deps, accepted)) outcomes.set(send, outcome);
  }
  for (const [send, outcome] of outcomes) settle(send, outcome);
  for (const { send, first } of repeats) {
    const outcome = outcomes.get(first) ?? { error: new Error('send lost in its batch') };
    settle(
      send,
      'stored' in outcome ? { stored: { ...outcome.stored, created: false, view: undefined } } : outcome,
    );
  }
}

function settle(send: Pending, outcome: Outcome): void {
  if ('stored' in outcome) send.resolve(outcome.stored);
  else send.reject(outcome.error);
}

/** The accepted sends' outcomes: from one transaction, or one by one when it failed. */
async function insertAccepted(deps: SendDeps, accepted: readonly Accepted[]): Promise<Map<Pending, Outcome>> {
  const outcomes = new Map<Pending, Outcome>();
  let stored: Map<string, { id: string; seq: number }>;
  try {
    stored = await batchRepo.insertBatch(
      deps.db,
      accepted.map((send) => send.row),
    );
  } catch (error) {
    // The database away: each on its own would fail the same way, one connection attempt each.
    if (isDatabaseUnavailable(error)) {
      for (const { send } of accepted) outcomes.set(send, { error: serviceUnavailable() });
      return outcomes;
    }
    // Rolled back whole: each on its own, in order (a duplicate client id is answered as a retry).
    for (const { send, context } of accepted) {
      try {
        outcomes.set(send, { stored: await insertStored(deps.db, send.senderId, send.input, context) });
      } catch (error) {
        outcomes.set(send, { error });
      }
    }
    return outcomes;
  }
  await Promise.all(
    accepted.map(async ({ send, context, row }) => {
      const inserted = stored.get(`${send.senderId}:${send.input.clientId}`);
      if (!inserted) {
        // A block made since the context was read, or a quote from another conversation.
        const error = send.input.replyTo ? new AppError(404, 'message_not_found') : forbidden('chat_blocked');
        return void outcomes.set(send, { error });
      }
      const result: StoredMessage = { messageId: inserted.id, recipientId: context.otherId, created: true };
      if (!send.input.replyTo) {
        try {
          result.view = await newMessageFor(deps.db, { ...row, ...inserted }, context);
        } catch {
          // announceStored then reads it from the database for the ack.
        }
      }
      outcomes.set(send, { stored: result });
    }),
  );
  return outcomes;
}
