/** A block ends the watching of presence between the pair, even a watch under way when it commits (Z3). */
import { describe, expect, it } from 'vitest';
import { chatPair, requestAs } from '../../../test/chat-factories.ts';
import { collect, emitAck, settle, socketTestBed } from '../../../test/socket-test-bed.ts';

describe('presence after a block', () => {
  const bed = socketTestBed();
  const { socketOf } = bed;

  /**
   * Holds the sockets' joins of `room` until the returned `release` is called: the test makes a
   * block commit between a watch's check and its join, as a slow node would.
   */
  function holdJoins(room: string) {
    const adapter = bed.t.app.realtime.io.of('/').adapter;
    const join = adapter.addAll.bind(adapter);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    adapter.addAll = (id, rooms) => {
      if (!rooms.has(room)) return join(id, rooms);
      held += 1;
      return gate.then(() => join(id, rooms));
    };
    return {
      held: () => held,
      release: () => {
        release();
        adapter.addAll = join;
      },
    };
  }

  it('never shows a member online to the one who blocked them, or the other way, when a watch was under way', async () => {
    const { a, b } = await chatPair(bed.t);
    const sa = await socketOf(a);
    const hold = holdJoins(`presence:${b.user.id}`);
    const watch = emitAck(sa, 'users:presence:watch', { userId: b.user.id });
    await expect.poll(hold.held).toBe(1);
    // The block commits (and its subscribers run) while Awa's watch waits to join the room.
    expect((await requestAs(bed.t, b)('POST', '/api/blocks', { user: a.user.id })).statusCode).toBe(204);
    hold.release();
    const answer = await watch;
    const seen = collect(sa, 'users:presence');
    await socketOf(b);
    await settle();
    // Bolingo coming online is not told to Awa, and the watch was refused.
    expect(seen).toEqual([]);
    expect(answer).toEqual({ ok: false, code: 'user_not_found' });
    // Asked again, the answer is the same refusal, never "online".
    expect(await emitAck(sa, 'users:presence:watch', { userId: b.user.id })).toEqual({
      ok: false,
      code: 'user_not_found',
    });
  });
});
