import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.ts';

describe('formatDuration', () => {
  it('says a duration as players do: minutes and seconds, hours when there are', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7_400)).toBe('0:07');
    expect(formatDuration(180_000)).toBe('3:00');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });
});
