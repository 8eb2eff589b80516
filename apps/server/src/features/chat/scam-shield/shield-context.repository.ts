import type { Db } from '../../../db/client.ts';
import { perHandle } from '../../../db/per-handle.ts';

/**
 * The shield's context of many sends in one named statement (prepared once per connection, as the
 * send path's own are, decision 0009): each send's row is read by key (`LATERAL`, one member row, the
 * sender, the client id), so the plan is the same whatever the number of sends. Built by Drizzle for
 * every message, the single-send select was the largest Drizzle cost in a CPU profile of the app at
 * 2,000 sockets (QUALITY B3), and cost a statement and a round trip a message besides the group's.
 */
export const SHIELD_CONTEXTS = {
  name: 'chat_shield_contexts_v1',
  text: `
    SELECT send.i::int AS "index", found.*
    FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) WITH ORDINALITY
      AS send(conversation_id, sender_id, client_id, i)
    CROSS JOIN LATERAL (
      SELECT other.user_id AS "otherId",
        me.first_received_at IS NOT NULL AS "heard",
        c.created_at AS "startedAt",
        u.created_at AS "senderCreatedAt",
        u.restricted_until AS "restrictedUntil",
        u.verification_required AS "verificationRequired",
        (SELECT m.id FROM messages m
          WHERE m.sender_id = send.sender_id AND m.client_id = send.client_id) AS "storedId",
        (SELECT h.id FROM held_messages h
          WHERE h.sender_id = send.sender_id AND h.client_id = send.client_id) AS "heldId"
      FROM conversation_members me
      JOIN conversation_members other
        ON other.conversation_id = me.conversation_id AND other.user_id <> me.user_id
      JOIN conversations c ON c.id = me.conversation_id
      JOIN users u ON u.id = me.user_id
      WHERE me.conversation_id = send.conversation_id AND me.user_id = send.sender_id
      LIMIT 1
    ) found`,
};

export type ShieldContext = {
  otherId: string;
  /** The other member has written in this conversation (else they are a stranger to the sender). */
  heard: boolean;
  startedAt: Date;
  senderCreatedAt: Date;
  restrictedUntil: Date | null;
  verificationRequired: boolean;
  /** The message or held message already under this client id (a retry). */
  storedId: string | null;
  heldId: string | null;
};

type Send = { conversationId: string; senderId: string; clientId: string };
type Pending = Send & {
  resolve: (context: ShieldContext | undefined) => void;
  reject: (error: unknown) => void;
};

/** The most sends one statement reads; more wait for the next. */
const SHIELD_READ_MAX = 500;
/** Statements at once: the sends that arrive meanwhile form the next (as the send batcher's groups). */
export const SHIELD_READS_IN_FLIGHT = 3;

/**
 * Reads the contexts of `sends`, in their order (undefined for a non-member): one statement on a
 * keyed connection (db/keyed.ts), which has the settings it is written for, so one round trip.
 */
async function readContexts(db: Db, sends: readonly Send[]): Promise<(ShieldContext | undefined)[]> {
  const result = await db.$keyed.query<ShieldContext & { index: number }>({
    ...SHIELD_CONTEXTS,
    values: [
      sends.map((send) => send.conversationId),
      sends.map((send) => send.senderId),
      sends.map((send) => send.clientId),
    ],
  });
  const found = new Map(result.rows.map(({ index, ...context }) => [index, context]));
  return sends.map((_, i) => found.get(i + 1));
}

/**
 * One reader a database handle: the lookups of a turn of the event loop, and those that arrive while
 * earlier ones are read, go in one statement (no timer; the first after a quiet moment goes at the
 * next turn).
 */
function createShieldContextReader(db: Db) {
  const queue: Pending[] = [];
  let inFlight = 0;
  let scheduled = false;

  function start(): void {
    scheduled = false;
    while (inFlight < SHIELD_READS_IN_FLIGHT && queue.length > 0) {
      const batch = queue.splice(0, SHIELD_READ_MAX);
      inFlight += 1;
      readContexts(db, batch)
        .then(
          (contexts) => batch.forEach((send, i) => send.resolve(contexts[i])),
          (error: unknown) => batch.forEach((send) => send.reject(error)),
        )
        .finally(() => {
          inFlight -= 1;
          start();
        });
    }
  }

  return (send: Send) =>
    new Promise<ShieldContext | undefined>((resolve, reject) => {
      queue.push({ ...send, resolve, reject });
      if (!scheduled && inFlight < SHIELD_READS_IN_FLIGHT) {
        scheduled = true;
        setImmediate(start);
      }
    });
}

const readerOf = perHandle(createShieldContextReader);

/**
 * What the scam shield needs to judge a send: the sender's standing (a moderator's restriction or
 * required verification, the account's age), whether the other member has written in this
 * conversation (else they are a stranger to the sender), when the conversation started, and whether
 * this client id is already a stored or held message (a retry is answered as such). Undefined for a
 * non-member: the send path's own context answers it. Read together with the other sends of the
 * moment, one statement for all.
 */
export function shieldContext(
  db: Db,
  conversationId: string,
  senderId: string,
  clientId: string,
): Promise<ShieldContext | undefined> {
  return readerOf(db)({ conversationId, senderId, clientId });
}
