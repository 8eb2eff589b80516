import { describe, expect, it } from 'vitest';
import { createMember, newSession } from '../test/factories.ts';
import { disconnection, refused, socketTestBed, welcomed, within } from '../test/socket-test-bed.ts';
import { MAX_SOCKETS_PER_SESSION } from './server.ts';

describe('sockets a session may hold', () => {
  const bed = socketTestBed();

  it('refuses the socket past MAX_SOCKETS_PER_SESSION with too_many_connections; one closing makes room', async () => {
    const member = await createMember(t());
    // All at once: handshakes still under way count as much as open sockets.
    const sockets = Array.from({ length: MAX_SOCKETS_PER_SESSION * 2 }, () =>
      bed.dial({ cookie: member.cookie }),
    );
    const outcomes = await Promise.all(
      sockets.map((socket) =>
        welcomed(socket).then(
          () => 'in',
          (error: Error) => error.message,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'in')).toHaveLength(MAX_SOCKETS_PER_SESSION);
    expect(outcomes.filter((outcome) => outcome === 'too_many_connections')).toHaveLength(
      MAX_SOCKETS_PER_SESSION,
    );

    // Another session of the same member (another device) has its own sockets.
    const other = await newSession(t(), member.user.id);
    expect(await welcomed(bed.dial({ cookie: other.cookie }))).toEqual({ userId: member.user.id });

    const open = sockets.filter((socket) => socket.connected);
    expect((await refused(bed.dial({ cookie: member.cookie }))).message).toBe('too_many_connections');
    const gone = within(disconnection(open[0]!), 'the disconnection');
    open[0]!.disconnect();
    await gone;
    await expect(
      (async () => {
        for (let attempt = 0; ; attempt++) {
          try {
            return await welcomed(bed.dial({ cookie: member.cookie }));
          } catch (error) {
            // The server may not have seen the close yet: it is told, not waited on, by the client.
            if (attempt > 50 || (error as Error).message !== 'too_many_connections') throw error;
          }
        }
      })(),
    ).resolves.toEqual({ userId: member.user.id });
  });

  const t = () => bed.t;
});
