/**
 * The load generator of B3 (chat.bench.ts): real socket.io-client connections (WebSocket only), one
 * per member, sending 200-byte messages and following each by its client id from the send to the ack
 * and to its delivery on the other member's socket.
 */
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';

export type BenchMember = { userId: string; username: string; cookie: string; conversationId: string };
export type Client = { member: BenchMember; socket: Socket };

export const TEXT_BYTES = 200;
const TEXT = 'Mbote! '.repeat(40).slice(0, TEXT_BYTES);

type Sent = {
  senderId: string;
  sentAt: number;
  ackAt?: number;
  ackCode?: string;
  deliveredAt?: number;
  deliveries: number;
  echoes: number;
};

/** Every message sent, by client id, with when it was acked and delivered (and how many times). */
export class Tracker {
  readonly sent = new Map<string, Sent>();
  /** Deliveries of client ids never sent by this run (should stay 0). */
  strangers = 0;

  send(client: Client, onAck?: () => void): string {
    const clientId = randomUUID();
    const record: Sent = {
      senderId: client.member.userId,
      sentAt: performance.now(),
      deliveries: 0,
      echoes: 0,
    };
    this.sent.set(clientId, record);
    client.socket.emit(
      'chats:messages:send',
      { clientId, conversationId: client.member.conversationId, text: TEXT },
      (result: { ok: boolean; code?: string }) => {
        record.ackAt = performance.now();
        if (!result.ok) record.ackCode = result.code ?? 'unknown';
        onAck?.();
      },
    );
    return clientId;
  }

  listen(client: Client): void {
    client.socket.on('chats:messages:new', (message: { clientId: string }) => {
      const record = this.sent.get(message.clientId);
      if (!record) this.strangers += 1;
      else if (record.senderId === client.member.userId) record.echoes += 1;
      else {
        record.deliveries += 1;
        record.deliveredAt ??= performance.now();
      }
    });
  }
}

/** Connects one socket per member, `batch` handshakes at a time; resolves when all are greeted. */
export async function connectAll(
  url: string,
  members: BenchMember[],
  tracker: Tracker,
  batch = 100,
): Promise<Client[]> {
  const clients: Client[] = [];
  for (let start = 0; start < members.length; start += batch) {
    const opened = members.slice(start, start + batch).map(
      (member) =>
        new Promise<Client>((resolve, reject) => {
          const socket = connect(url, {
            path: '/socket.io',
            transports: ['websocket'],
            extraHeaders: { cookie: member.cookie },
            auth: { userId: member.userId, username: member.username, conversationId: member.conversationId },
            reconnection: false,
            forceNew: true,
            timeout: 30_000,
          });
          const client = { member, socket };
          tracker.listen(client);
          socket.once('connected', () => resolve(client));
          socket.once('connect_error', (error) => reject(new Error(`${member.username}: ${error.message}`)));
        }),
    );
    clients.push(...(await Promise.all(opened)));
  }
  for (const client of clients) {
    client.socket.on('disconnect', (reason) => {
      if (reason !== 'io client disconnect')
        console.error(`\n${client.member.username} disconnected: ${reason}`);
    });
  }
  return clients;
}

/** Senders in an order that spreads consecutive messages over different conversations. */
export function senderOrder(clients: Client[]): Client[] {
  return [...clients.filter((_, i) => i % 2 === 0), ...clients.filter((_, i) => i % 2 === 1)];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until every message in `ids` is acked and delivered, or `graceMs` passes. */
export async function drain(tracker: Tracker, ids: string[], graceMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < graceMs) {
    if (ids.every((id) => isSettled(tracker.sent.get(id)!))) break;
    await sleep(50);
  }
  return performance.now() - started;
}
function isSettled(record: Sent): boolean {
  return record.ackAt !== undefined && (record.ackCode !== undefined || record.deliveries > 0);
}

/**
 * Open loop: `rate` messages a second for `seconds`, from each member in turn, whatever the answers.
 * Returns the client ids sent.
 */
export async function offer(clients: Client[], tracker: Tracker, rate: number, seconds: number) {
  const order = senderOrder(clients);
  const ids: string[] = [];
  const total = Math.round(rate * seconds);
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000));
      while (ids.length < due) ids.push(tracker.send(order[ids.length % order.length]!));
      if (ids.length >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });
  return ids;
}

/**
 * Closed loop: every socket keeps `window` messages awaiting their ack for `seconds`, then stops
 * sending. Returns the ids sent and when it started (see deliveryRate).
 */
export async function saturate(clients: Client[], tracker: Tracker, seconds: number, window: number) {
  const ids: string[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  const loop = (client: Client) => {
    if (performance.now() < end) ids.push(tracker.send(client, () => loop(client)));
  };
  for (const client of senderOrder(clients)) for (let i = 0; i < window; i++) loop(client);
  await sleep(seconds * 1000);
  return { ids, started };
}

/**
 * Messages a second that reached the other member: all those delivered, over the time from the first
 * send to the last delivery. Counting the tail keeps a server that answers in waves (a queue of
 * thousands of sends sharing a connection pool) from reading as zero or as infinite.
 */
export function deliveryRate(tracker: Tracker, ids: string[], started: number): number {
  let delivered = 0;
  let last = started;
  for (const id of ids) {
    const at = tracker.sent.get(id)!.deliveredAt;
    if (at === undefined) continue;
    delivered += 1;
    if (at > last) last = at;
  }
  return delivered / ((last - started) / 1000);
}

export type PhaseSummary = {
  sent: number;
  acked: number;
  refused: Record<string, number>;
  delivered: number;
  lost: number;
  duplicated: number;
  echoes: number;
  deliver: { p50: number; p95: number; p99: number; max: number };
  ack: { p50: number; p95: number; p99: number; max: number };
};

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const spread = (values: number[]) => {
  const sorted = values.sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
};

/** Counts over the messages `ids`: a message refused by its ack is neither lost nor delivered. */
export function summarize(tracker: Tracker, ids: string[]): PhaseSummary {
  const refused: Record<string, number> = {};
  const deliver: number[] = [];
  const ack: number[] = [];
  let acked = 0;
  let lost = 0;
  let duplicated = 0;
  let echoes = 0;
  for (const id of ids) {
    const record = tracker.sent.get(id)!;
    if (record.ackAt !== undefined) ack.push(record.ackAt - record.sentAt);
    if (record.ackCode) refused[record.ackCode] = (refused[record.ackCode] ?? 0) + 1;
    else if (record.ackAt !== undefined) acked += 1;
    if (record.deliveredAt !== undefined) deliver.push(record.deliveredAt - record.sentAt);
    else if (!record.ackCode) lost += 1;
    if (record.deliveries > 1) duplicated += 1;
    echoes += record.echoes;
  }
  return {
    sent: ids.length,
    acked,
    refused,
    delivered: deliver.length,
    lost,
    duplicated,
    echoes,
    deliver: spread(deliver),
    ack: spread(ack),
  };
}
