import type { ClientToServerEvents } from '@motema/shared/realtime';
import { describe, expect, it } from 'vitest';
import { createMember } from '../test/factories.ts';
import { emitAck, socketTestBed } from '../test/socket-test-bed.ts';

describe('client events', () => {
  const bed = socketTestBed();

  it("every socket shares each event's one listener, and each handler still acts for its own socket", async () => {
    const [ama, kofi] = [await createMember(bed.t), await createMember(bed.t)];
    const [amaSocket, kofiSocket] = [await bed.socketOf(ama), await bed.socketOf(kofi)];
    const server = [...bed.t.app.realtime.io.sockets.sockets.values()];
    const of = (userId: string) => server.find((socket) => socket.data.userId === userId)!;
    const events: (keyof ClientToServerEvents)[] = [
      'chats:messages:send',
      'chats:messages:read',
      'chats:typing',
      'users:presence:watch',
      'users:users:update:coordinates',
      'lives:join',
      'lives:chunk',
      'events',
    ];
    for (const event of events) {
      const [first, second] = [of(ama.user.id).listeners(event), of(kofi.user.id).listeners(event)];
      expect(first, event).toHaveLength(1);
      // A closure made per connection was a function (and its context) per event per socket.
      expect(first[0], event).toBe(second[0]);
    }
    // Each acts for the socket that sent: a refusal names what that socket sent, to that socket only.
    const [fromAma, fromKofi] = await Promise.all([
      emitAck(amaSocket, 'users:users:update:coordinates', { latitude: 91 } as never),
      emitAck(kofiSocket, 'lives:join', { liveId: 'not a live' } as never),
    ]);
    expect(fromAma).toMatchObject({ ok: false, code: 'validation_failed' });
    expect(fromKofi).toMatchObject({ ok: false, code: 'validation_failed' });
  });
});
