import { SocketHandshakeAuthSchema } from '@motema/shared/devices';
import type { Realtime } from '../../realtime/server.ts';
import { updateFor } from './devices.service.ts';

/**
 * `device:{id}` (SPEC section 7): a socket whose handshake names an install (`auth.device`) running a
 * build older than this server's hears, on that install's event, that a newer version exists, and
 * whether it is required (below APP_MIN_BUILD). Said once per connection, so an app left open hears
 * it again on its next reconnection (after a deploy, every socket reconnects). A handshake without
 * an install or a build (an older app, another client) hears nothing.
 */
export function registerDevicesRealtime(realtime: Pick<Realtime, 'onConnection'>, minBuild: number): void {
  realtime.onConnection((socket) => {
    const auth = SocketHandshakeAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success || !auth.data.device || auth.data.build === undefined) return;
    const update = updateFor(auth.data.build, minBuild);
    if (update) socket.emit(`device:${auth.data.device}`, update);
  });
}
