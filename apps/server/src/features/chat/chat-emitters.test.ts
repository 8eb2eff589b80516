import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import type { Message } from '@motema/shared/chat';
import type { AppEvents } from '../../app-events.ts';
import { createEventPort } from '../../lib/event-port.ts';
import type { RealtimeServer } from '../../realtime/server.ts';
import { subscribeChatEvents } from './chat-emitters.ts';
import { newMessageFor } from './messages/message-views.service.ts';

type Broadcast = { rooms: string[]; except: string[]; event: unknown; message: Message };

/**
 * What the emitters hand to Socket.IO for a new message: the adapter's broadcasts, each one packet
 * encoded, seen on a real server (its in-memory adapter; the Redis adapter takes the same calls).
 * The delivery itself to devices is covered with real sockets (chat-send.test.ts and others).
 */
describe('chat emitters: message.stored', () => {
  function emitters() {
    // Attached to no HTTP server: nothing to listen on or to close.
    const io: RealtimeServer = new Server();
    const adapter = io.of('/').adapter;
    const broadcasts: Broadcast[] = [];
    const broadcast = adapter.broadcast.bind(adapter);
    adapter.broadcast = (packet, opts) => {
      const [event, message] = packet.data as [unknown, Message];
      broadcasts.push({ rooms: [...opts.rooms], except: [...(opts.except ?? [])], event, message });
      broadcast(packet, opts);
    };
    const events = createEventPort<AppEvents>((error) => {
      throw error;
    });
    subscribeChatEvents({ events }, { io });
    return { events, broadcasts };
  }

  async function stored(important: boolean) {
    const [senderId, recipientId] = [randomUUID(), randomUUID()];
    const view = await newMessageFor(
      // The sender has no avatar: nothing is read.
      undefined as never,
      {
        id: randomUUID(),
        seq: 1,
        clientId: randomUUID(),
        conversationId: randomUUID(),
        senderId,
        text: 'Mbote',
        createdAt: new Date(),
      },
      { username: 'sender', firstName: 'Sender', avatarPhotoId: null },
    );
    view.row.important = important;
    return { senderId, recipientId, view };
  }

  it('tells both members in one broadcast, the sending socket left out', async () => {
    const { events, broadcasts } = emitters();
    const { senderId, recipientId, view } = await stored(false);
    await events.emit('message.stored', { message: view, recipientId, senderSocketId: 'sending-socket' });
    expect(broadcasts).toHaveLength(1);
    expect(broadcasts[0]).toMatchObject({
      rooms: [`user:${senderId}`, `user:${recipientId}`],
      except: ['sending-socket'],
      event: 'chats:messages:new',
      message: { _id: view.row.id, important: false },
    });
  });

  it("keeps the sender's star off the recipient's copy", async () => {
    const { events, broadcasts } = emitters();
    const { senderId, recipientId, view } = await stored(true);
    await events.emit('message.stored', { message: view, recipientId });
    expect(
      broadcasts.map(({ rooms, except, message }) => ({ rooms, except, important: message.important })),
    ).toEqual([
      { rooms: [`user:${senderId}`], except: [], important: true },
      { rooms: [`user:${recipientId}`], except: [], important: false },
    ]);
  });
});
