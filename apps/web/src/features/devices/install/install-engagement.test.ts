import { beforeEach, describe, expect, it } from 'vitest';
import { INSTALL_PROMPT_REFUSAL_S } from '@motema/shared/limits';
import {
  dayOf,
  engaged,
  INSTALL_STATE_KEY,
  noteAppStart,
  noteMeaningfulMoment,
  offerInstallNow,
  readInstallState,
  refuseInstall,
} from './install-engagement.ts';

const DAY = 86_400_000;
const MONDAY = new Date(2026, 10, 23, 9, 30).getTime();

describe('when installing is offered', () => {
  beforeEach(() => localStorage.clear());

  it('never on a first visit, however many starts and moments it holds', () => {
    noteAppStart(MONDAY);
    noteAppStart(MONDAY + 3_600_000);
    noteMeaningfulMoment();
    expect(engaged(readInstallState())).toBe(false);
    expect(offerInstallNow(readInstallState(), 'prompt', MONDAY + 2 * 3_600_000)).toBe(false);
  });

  it('on the third day the app is opened, the days need not follow each other', () => {
    noteAppStart(MONDAY);
    noteAppStart(MONDAY + 3 * DAY);
    expect(offerInstallNow(readInstallState(), 'prompt', MONDAY + 3 * DAY)).toBe(false);
    noteAppStart(MONDAY + 10 * DAY);
    expect(offerInstallNow(readInstallState(), 'prompt', MONDAY + 10 * DAY)).toBe(true);
  });

  it('on a second day, after a first match or message', () => {
    noteAppStart(MONDAY);
    noteMeaningfulMoment();
    noteAppStart(MONDAY + DAY);
    expect(offerInstallNow(readInstallState(), 'prompt', MONDAY + DAY)).toBe(true);
  });

  it('counts local calendar days, not 24 hours', () => {
    noteAppStart(new Date(2026, 10, 23, 23, 50).getTime());
    noteAppStart(new Date(2026, 10, 24, 0, 10).getTime());
    expect(readInstallState().days).toEqual(['2026-11-23', '2026-11-24']);
    expect(dayOf(new Date(2026, 0, 5, 12).getTime())).toBe('2026-01-05');
  });

  it(`not again for ${INSTALL_PROMPT_REFUSAL_S} s once refused, then again`, () => {
    for (const day of [0, 1, 2]) noteAppStart(MONDAY + day * DAY);
    const refusedAt = MONDAY + 2 * DAY;
    refuseInstall(refusedAt);
    const state = readInstallState();
    expect(offerInstallNow(state, 'prompt', refusedAt + 60_000)).toBe(false);
    expect(offerInstallNow(state, 'ios', refusedAt + INSTALL_PROMPT_REFUSAL_S * 1000 - 1)).toBe(false);
    expect(offerInstallNow(state, 'prompt', refusedAt + INSTALL_PROMPT_REFUSAL_S * 1000)).toBe(true);
  });

  it('only where the browser can install: its prompt, or the iPhone instructions', () => {
    for (const day of [0, 1, 2]) noteAppStart(MONDAY + day * DAY);
    const state = readInstallState();
    expect(offerInstallNow(state, 'ios', MONDAY + 2 * DAY)).toBe(true);
    expect(offerInstallNow(state, 'installed', MONDAY + 2 * DAY)).toBe(false);
    expect(offerInstallNow(state, 'menu', MONDAY + 2 * DAY)).toBe(false);
  });

  it('keeps a few days only, and reads a damaged value as a new device', () => {
    for (let day = 0; day < 10; day++) noteAppStart(MONDAY + day * DAY);
    expect(readInstallState().days).toHaveLength(3);
    localStorage.setItem(INSTALL_STATE_KEY, '{"days": "x", "refusedAt": "soon"');
    expect(readInstallState()).toEqual({ days: [], moment: false, refusedAt: null });
    localStorage.setItem(
      INSTALL_STATE_KEY,
      '{"days": [1, "2026-11-23"], "moment": "yes", "refusedAt": "soon"}',
    );
    expect(readInstallState()).toEqual({ days: ['2026-11-23'], moment: false, refusedAt: null });
  });
});
