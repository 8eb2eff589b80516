import { eq } from 'drizzle-orm';
import type { Live, LiveMessage } from '@motema/shared/lives';
import type { EventAck } from '@motema/shared/realtime';
import { liveMessages, liveViewers, lives } from '../db/schema.ts';
import type { TestApp } from './build-test-app.ts';
import { asMember, createMember, type Member, type MemberOverrides } from './factories.ts';
import { within, type ClientSocket } from './socket-test-bed.ts';

const DAY_MS = 86_400_000;

/** A member whose account is old enough to go live (LIVE_MIN_ACCOUNT_DAYS by default). */
export function createLiveMember(t: Pick<TestApp, 'db'>, overrides: MemberOverrides = {}): Promise<Member> {
  return createMember(t, { createdAt: new Date(Date.now() - 30 * DAY_MS), ...overrides });
}

/** POST /api/lives as `member`; throws unless 201. */
export async function startLiveAs(
  t: Pick<TestApp, 'app'>,
  member: Member,
  body: object = { audience: 'everyone' },
): Promise<Live> {
  const res = await asMember(t, member.cookie)('POST', '/api/lives', body);
  if (res.statusCode !== 201) throw new Error(`start: ${res.statusCode} ${res.body}`);
  return res.json<Live>();
}

/** The live's first segments are on air, as the media side's onAir leaves it (without its event). */
export async function putOnAir(t: Pick<TestApp, 'db'>, liveId: string): Promise<void> {
  await t.db.update(lives).set({ status: 'live', onAirAt: new Date() }).where(eq(lives.id, liveId));
}

export async function liveRow(t: Pick<TestApp, 'db'>, liveId: string) {
  const [row] = await t.db.select().from(lives).where(eq(lives.id, liveId));
  return row!;
}

type JoinResult = { ok: true; live: Live; messages: LiveMessage[] } | { ok: false; code: string };
type MessageResult = { ok: true; message: LiveMessage } | { ok: false; code: string };

/** `lives:join` on the socket, answered. */
export function join(socket: ClientSocket, liveId: string): Promise<JoinResult> {
  return within(
    new Promise((resolve) => socket.emit('lives:join', { liveId }, resolve as never)),
    'the join’s answer',
  );
}

/** `lives:message` on the socket, answered. */
export function say(
  socket: ClientSocket,
  liveId: string,
  text: string,
  clientId: string = crypto.randomUUID(),
) {
  return within(
    new Promise<MessageResult>((resolve) =>
      socket.emit('lives:message', { liveId, clientId, text }, resolve as never),
    ),
    'the message’s answer',
  );
}

/** `lives:reaction` on the socket, answered. */
export function react(socket: ClientSocket, liveId: string, reaction = 'heart'): Promise<EventAck> {
  return within(
    new Promise((resolve) => socket.emit('lives:reaction', { liveId, reaction }, resolve as never)),
    'the reaction’s answer',
  );
}

/** `member` joined the live (as the join leaves it), in `role`. */
export async function addViewer(
  t: Pick<TestApp, 'db'>,
  liveId: string,
  member: Member,
  columns: Partial<typeof liveViewers.$inferInsert> = {},
): Promise<void> {
  await t.db.insert(liveViewers).values({ liveId, userId: member.user.id, ...columns });
}

/** A message of `sender` in the live's chat, written straight into the table (held unless told). */
export async function buildLiveMessage(
  t: Pick<TestApp, 'db'>,
  liveId: string,
  sender: Member,
  status: 'shown' | 'held' = 'held',
): Promise<string> {
  const [row] = await t.db
    .insert(liveMessages)
    .values({ liveId, senderId: sender.user.id, clientId: crypto.randomUUID(), text: 'Mbote', status })
    .returning();
  return row!.id;
}
