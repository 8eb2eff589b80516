import { describe, expect, it } from 'vitest';
import { paced, type Pace } from './upload-pace.ts';

/** A pace on a clock that only moves when the reader sleeps (or `arrive` says the network took time). */
function fakePace(bytesPerSecond: number, burstBytes: number) {
  let now = 0;
  const sleeps: number[] = [];
  const pace: Pace = {
    bytesPerSecond,
    burstBytes,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
  return { pace, sleeps, arrive: (ms: number) => (now += ms), time: () => now };
}

async function* chunks(sizes: number[], between: () => void = () => {}) {
  for (const size of sizes) {
    between();
    yield Buffer.alloc(size);
  }
}

async function readAll(source: AsyncIterable<Buffer>) {
  const lengths: number[] = [];
  for await (const chunk of source) lengths.push(chunk.length);
  return lengths;
}

describe('an upload read at its pace', () => {
  it('hands on the burst at once, then no faster than the pace, every byte in order', async () => {
    // 1,000 bytes a second after a burst of 2,000, from a sender with no delay of its own.
    const { pace, sleeps, time } = fakePace(1_000, 2_000);
    const sizes = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1_000];
    expect(await readAll(paced(chunks(sizes), pace))).toEqual(sizes);
    // Each chunk goes on at (the bytes before it - 2,000) / 1,000 bytes a second: the 7th, after 2,100
    // bytes, at 0.1 s; the 8th (2,800) at 0.8 s; the 9th (3,600) at 1.6 s; the 10th (4,500) at 2.5 s.
    expect(sleeps).toEqual([100, 700, 800, 900]);
    expect(time()).toBe(2_500);
  });

  it('never waits for a sender slower than the pace', async () => {
    const { pace, sleeps, arrive } = fakePace(1_000, 0);
    // Each 500-byte chunk arrives 600 ms after the one before: 833 bytes a second.
    const sizes = Array.from({ length: 8 }, () => 500);
    expect(
      await readAll(
        paced(
          chunks(sizes, () => arrive(600)),
          pace,
        ),
      ),
    ).toEqual(sizes);
    expect(sleeps).toEqual([]);
  });

  it('ends with the source, and passes its failure on', async () => {
    const { pace } = fakePace(1_000, 0);
    async function* failing() {
      yield Buffer.alloc(10);
      throw new Error('the client went away');
    }
    await expect(readAll(paced(failing(), pace))).rejects.toThrow('the client went away');
  });
});
