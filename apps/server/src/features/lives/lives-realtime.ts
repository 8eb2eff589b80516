import { z } from 'zod';
import { LiveMessageSendSchema, LiveReactionSendSchema, type LiveMessage } from '@motema/shared/lives';
import { badRequest } from '../../lib/app-error.ts';
import { clientEvent } from '../../realtime/client-events.ts';
import type { Realtime, RealtimeSocket } from '../../realtime/server.ts';
import type { RealtimeContext } from '../../modules/feature-module.ts';
import { checkReaction, sendLiveMessage, viewersHiddenFrom } from './live-chat.service.ts';
import { joinLive, leaveLive } from './live-viewers.service.ts';
import { livesOf } from './lives-runtime.ts';
import { livePlaylistPath, presentLive, presentLiveMessage } from './lives.presenter.ts';

/**
 * A live's rooms: `live:{id}` every socket watching it (the broadcaster's too), `live:{id}:staff` the
 * broadcaster's and the live's moderators' (held messages), `live:{id}:user:{userId}` one member's
 * sockets in it (their last one leaving ends their presence; a removal takes them all out).
 */
export const liveRoom = (liveId: string) => `live:${liveId}`;
export const liveStaffRoom = (liveId: string) => `live:${liveId}:staff`;
const liveMemberRoom = (liveId: string, userId: string) => `live:${liveId}:user:${userId}`;

const LiveRefSchema = z.object({ liveId: z.uuid() });

function parsed<T>(schema: z.ZodType<T>, payload: unknown): T {
  const result = schema.safeParse(payload);
  if (!result.success) throw badRequest('validation_failed');
  return result.data;
}

/**
 * The socket side of lives (docs/lives.md): joining and leaving a live, its chat and reactions. The
 * chunks of a broadcast (`lives:chunk`) are the media side's, registered by it.
 */
export function registerLivesRealtime(context: RealtimeContext): void {
  const deps = livesOf(context);
  const { io, log } = context.realtime;

  /** The member's presence ends once none of their sockets (on any node) is in the live. */
  const leftIfLast = async (liveId: string, userId: string) => {
    const still = await io.in(liveMemberRoom(liveId, userId)).fetchSockets();
    if (still.length === 0) await leaveLive(deps, userId, liveId);
  };

  /** The lives each socket joined, for its leaving and its disconnection. */
  const joinedBy = new WeakMap<RealtimeSocket, Set<string>>();

  const listeners = [
    clientEvent<{ ok: true; live: ReturnType<typeof presentLive>; messages: LiveMessage[] }>(
      'lives:join',
      async (socket, payload, answer) => {
        const userId = socket.data.userId;
        const { liveId } = parsed(LiveRefSchema, payload);
        const { live, messages } = await joinLive(deps, userId, liveId);
        const rooms = [liveRoom(liveId), liveMemberRoom(liveId, userId)];
        if (live.role !== 'viewer') rooms.push(liveStaffRoom(liveId));
        await socket.join(rooms);
        const joined = joinedBy.get(socket);
        if (joined) joined.add(liveId);
        else joinedBy.set(socket, new Set([liveId]));
        answer({ ok: true, live: presentLive(live), messages: messages.map(presentLiveMessage) });
      },
      log,
    ),

    clientEvent(
      'lives:leave',
      async (socket, payload) => {
        const userId = socket.data.userId;
        const { liveId } = parsed(LiveRefSchema, payload);
        if (!joinedBy.get(socket)?.delete(liveId)) return;
        for (const room of [liveRoom(liveId), liveStaffRoom(liveId), liveMemberRoom(liveId, userId)]) {
          await socket.leave(room);
        }
        await leftIfLast(liveId, userId);
      },
      log,
    ),

    clientEvent<{ ok: true; message: LiveMessage }>(
      'lives:message',
      async (socket, payload, answer) => {
        const message = await sendLiveMessage(
          deps,
          socket.data.userId,
          parsed(LiveMessageSendSchema, payload),
        );
        answer({ ok: true, message: presentLiveMessage(message) });
      },
      log,
    ),

    clientEvent<{ ok: true }>(
      'lives:reaction',
      async (socket, payload, answer) => {
        const input = parsed(LiveReactionSendSchema, payload);
        await checkReaction(deps, socket.data.userId, input);
        io.to(liveRoom(input.liveId)).emit('lives:reaction', {
          liveId: input.liveId,
          reaction: input.reaction,
        });
        answer({ ok: true });
      },
      log,
    ),
  ];

  /** A socket gone: its member's presence in each live it was in ends if it was their last one there. */
  function onDisconnect(this: RealtimeSocket) {
    for (const liveId of joinedBy.get(this) ?? []) {
      leftIfLast(liveId, this.data.userId).catch((error: unknown) =>
        log.error({ err: error, liveId }, 'a live’s viewer could not be marked gone'),
      );
    }
  }

  io.on('connection', (socket) => {
    for (const listen of listeners) listen(socket);
    socket.on('disconnect', onDisconnect);
  });
}

/** What the lives' services told after their commits, to the sockets of the rooms concerned. */
export function subscribeLivesEvents(context: RealtimeContext): void {
  const deps = livesOf(context);
  const { events } = context.deps;
  const io: Realtime['io'] = context.realtime.io;

  events.on('live.on-air', ({ liveId }) => {
    io.to(liveRoom(liveId)).emit('lives:on-air', { liveId, playlist: livePlaylistPath(liveId) });
  });
  events.on('live.ended', async ({ liveId, reason }) => {
    // Only the node whose encoder holds the live closes it; its segments stay only for keep-as-post.
    if (deps.media.active().includes(liveId))
      await deps.media.close(liveId, { keep: reason === 'broadcaster' });
    io.to(liveRoom(liveId)).emit('lives:ended', { liveId, reason });
    io.in(liveRoom(liveId)).socketsLeave([liveRoom(liveId), liveStaffRoom(liveId)]);
  });
  events.on('live.viewers', ({ liveId, viewers }) => {
    io.to(liveRoom(liveId)).emit('lives:viewers', { liveId, viewers });
  });
  events.on('live.message', async ({ message, held }) => {
    const { liveId, senderId } = message.row;
    const presented = presentLiveMessage(message);
    if (held) {
      io.to(liveStaffRoom(liveId)).to(`user:${senderId}`).emit('lives:message', presented);
      return;
    }
    const hidden = await viewersHiddenFrom(deps, liveId, senderId);
    io.to(liveRoom(liveId))
      .except(hidden.map((id) => `user:${id}`))
      .emit('lives:message', presented);
  });
  events.on('live.message.removed', ({ liveId, messageId }) => {
    io.to(liveRoom(liveId)).emit('lives:message:removed', { liveId, messageId });
  });
  events.on('live.viewer.changed', async ({ liveId, userId, role, muted }) => {
    const mine = liveMemberRoom(liveId, userId);
    if (role === 'moderator') io.in(mine).socketsJoin(liveStaffRoom(liveId));
    else io.in(mine).socketsLeave(liveStaffRoom(liveId));
    io.to(`user:${userId}`).emit('lives:you', { liveId, role, muted });
  });
  events.on('live.viewer.removed', ({ liveId, userId }) => {
    const mine = liveMemberRoom(liveId, userId);
    io.in(mine).socketsLeave([liveRoom(liveId), liveStaffRoom(liveId), mine]);
    io.to(`user:${userId}`).emit('lives:removed', { liveId });
  });
}
