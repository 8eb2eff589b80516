import { describe, expect, it } from 'vitest';
import { createEventPort } from './event-port.ts';

type Events = { 'thing.done': { id: string }; 'other.done': { n: number } };

describe('event port', () => {
  it('tells every subscriber of an event, in the order they subscribed, and awaits them', async () => {
    const port = createEventPort<Events>(() => {});
    const heard: string[] = [];
    // The first subscriber finishes when the test says: the second waits for it, and so does emit.
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    port.on('thing.done', async ({ id }) => {
      await finished;
      heard.push(`first ${id}`);
    });
    port.on('thing.done', ({ id }) => void heard.push(`second ${id}`));
    port.on('other.done', ({ n }) => void heard.push(`other ${n}`));
    let emitted = false;
    const emitting = port.emit('thing.done', { id: 'a' }).then(() => (emitted = true));
    await Promise.resolve();
    expect(heard).toEqual([]);
    expect(emitted).toBe(false);
    finish();
    await emitting;
    expect(heard).toEqual(['first a', 'second a']);
  });

  it('reports a failing subscriber and still tells the others', async () => {
    const reported: [unknown, string][] = [];
    const port = createEventPort<Events>((err, name) => reported.push([err, name]));
    const heard: number[] = [];
    port.on('other.done', () => {
      throw new Error('boom');
    });
    port.on('other.done', async () => Promise.reject(new Error('late boom')));
    port.on('other.done', ({ n }) => void heard.push(n));
    await expect(port.emit('other.done', { n: 7 })).resolves.toBeUndefined();
    expect(heard).toEqual([7]);
    expect(reported.map(([err, name]) => [(err as Error).message, name])).toEqual([
      ['boom', 'other.done'],
      ['late boom', 'other.done'],
    ]);
  });

  it('stops telling a subscriber that unsubscribed, and an event nobody hears is a no-op', async () => {
    const port = createEventPort<Events>(() => {});
    const heard: string[] = [];
    const stop = port.on('thing.done', ({ id }) => void heard.push(id));
    await port.emit('thing.done', { id: 'kept' });
    stop();
    await port.emit('thing.done', { id: 'dropped' });
    await port.emit('other.done', { n: 1 });
    expect(heard).toEqual(['kept']);
  });
});
