/**
 * The reference of B3: a bare Socket.IO relay with no database, run as its own process by
 * chat.bench.ts (`node --import tsx bench/chat-relay.ts PORT`). The same socket.io version and options
 * as the app's server (apps/server/src/realtime/server.ts); a socket says who it is and its conversation
 * in the handshake's `auth` (no session lookup), joins `user:{id}`, and each `chats:messages:send`
 * is acked at once and relayed to the other member's room as a message shaped like the app's (an id,
 * the next in-memory sequence, the sender), with no validation, no storage and no echo to the sender.
 * Prints `listening PORT` when ready.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { acceptReferenceSocket, referenceMessage, type Ack, type SendPayload } from './chat-reference.ts';

const http = createServer();
const io = new Server(http, {
  path: '/socket.io',
  maxHttpBufferSize: 64 * 1024,
  serveClient: false,
});
/** conversation id -> the ids of its two members, learnt from the handshakes. */
const members = new Map<string, Set<string>>();
const sequences = new Map<string, number>();

io.on('connection', (socket) => {
  const { auth, sender } = acceptReferenceSocket(socket, members);

  socket.on('chats:messages:send', (payload: SendPayload, ack: Ack) => {
    const peers = members.get(payload.conversationId);
    if (!peers?.has(auth.userId)) return ack({ ok: false, code: 'conversation_not_found' });
    const seq = (sequences.get(payload.conversationId) ?? 0) + 1;
    sequences.set(payload.conversationId, seq);
    const message = referenceMessage({
      id: randomUUID(),
      clientId: payload.clientId,
      conversationId: payload.conversationId,
      seq,
      sender,
      text: payload.text,
      createdAt: new Date(),
    });
    ack({ ok: true, message });
    for (const peer of peers)
      if (peer !== auth.userId) io.to(`user:${peer}`).emit('chats:messages:new', message);
  });
});

http.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const address = http.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
});
process.on('SIGTERM', () => {
  void io.close();
  process.exit(0);
});
