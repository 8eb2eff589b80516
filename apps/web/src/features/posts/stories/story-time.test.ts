import { describe, expect, it } from 'vitest';
import { storyAge } from './story-time.ts';

const now = Date.parse('2026-11-24T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('how long ago a story was posted', () => {
  it('says now, then minutes, then hours, in the member’s language', () => {
    expect(storyAge(ago(20_000), now, 'en')).toBe('now');
    // Intl puts a no-break space between a number and its unit.
    expect(storyAge(ago(5 * 60_000), now, 'fr')).toMatch(/^il y a 5\smin$/);
    expect(storyAge(ago(3 * 3600_000 + 59 * 60_000), now, 'ro')).toMatch(/^acum 3\sh$/);
    // A clock a little behind the server's: never "in 1 minute".
    expect(storyAge(ago(-30_000), now, 'en')).toBe('now');
  });
});
