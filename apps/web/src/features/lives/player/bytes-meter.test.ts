import { describe, expect, it } from 'vitest';
import { createBytesMeter, createThroughput } from './bytes-meter.ts';

describe('the live player’s data use', () => {
  it('counts the last minute’s bytes, scaled to a minute before one has passed', () => {
    const meter = createBytesMeter(0);
    meter.add(30_000, 1_000);
    expect(meter.perMinute(1_000)).toBe(0);
    meter.add(30_000, 10_000);
    expect(meter.perMinute(30_000)).toBe(120_000);
    expect(meter.perMinute(60_000)).toBe(60_000);
    // The first download is over a minute old: only the second counts.
    expect(meter.perMinute(65_000)).toBe(30_000);
  });

  it('averages the segments’ throughput, a slow one lowering it', () => {
    const throughput = createThroughput(0.5);
    expect(throughput.value()).toBeNull();
    throughput.add(62_500, 1_000);
    expect(throughput.value()).toBe(500_000);
    throughput.add(12_500, 1_000);
    expect(throughput.value()).toBe(300_000);
  });
});
