import { randomUUID } from 'node:crypto';
import { it } from 'vitest';
import { createTestDatabase } from './test/test-database.ts';
import { createMember } from './test/factories.ts';
import { createConversation } from './test/chat-files-factories.ts';
import { createMemoryRateLimiter } from './lib/rate-limiter.ts';
import * as batchRepo from './features/chat/messages-batch.repository.ts';
import { createSendBatcher } from './features/chat/chat-send-batcher.ts';

it('probe', async () => {
const database = await createTestDatabase();
const t = { db: database.db };
const pairs: { a: string; b: string; c: string }[] = [];
for (let i = 0; i < 200; i++) {
  const [a, b] = await Promise.all([createMember(t), createMember(t)]);
  pairs.push({ a: a.user.id, b: b.user.id, c: (await createConversation(database.db, a.user.id, b.user.id)).id });
}
await database.pool.query('analyze');
for (const n of [1, 10, 100, 400]) {
  const sends = pairs.flatMap((p) => [{ conversationId: p.c, senderId: p.a, clientId: randomUUID() }, { conversationId: p.c, senderId: p.b, clientId: randomUUID() }]).slice(0, n);
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    const ctx = await batchRepo.sendContexts(database.db, sends);
    const t1 = performance.now();
    await batchRepo.insertBatch(database.db, sends.map((s, i) => ({ ...s, recipientId: ctx.get(i)!.otherId, text: 'x'.repeat(200), replyToId: null, createdAt: new Date() })));
    const t2 = performance.now();
    console.log(`n=${n} context ${(t1 - t0).toFixed(1)} ms insert ${(t2 - t1).toFixed(1)} ms`);
    sends.forEach((s) => (s.clientId = randomUUID()));
  }
}
const batcher = createSendBatcher({ db: database.db, limiter: createMemoryRateLimiter() });
let done = 0;
const end = performance.now() + 3000;
await Promise.all(pairs.flatMap((p) => [p.a, p.b].map(async (sender) => {
  while (performance.now() < end) {
    await batcher.store(sender, { conversationId: p.c, clientId: randomUUID(), text: 'y'.repeat(200) } as never);
    done++;
  }
})));
console.log(`closed loop 400 senders: ${(done / 3).toFixed(0)} msg/s`);
await database.close();
}, 300_000);
