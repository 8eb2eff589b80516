import { PUSH_PROMPT_REFUSAL_S } from '@motema/shared/limits';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetPushRefusal, pushRefusedRecently, rememberPushRefusal } from './push-refusal.ts';

afterEach(() => localStorage.clear());

const T0 = Date.UTC(2026, 10, 24, 12);
const WINDOW_MS = PUSH_PROMPT_REFUSAL_S * 1000;

describe('the memory of a push refusal', () => {
  it('holds for PUSH_PROMPT_REFUSAL_S (12 hours), then ends', () => {
    expect(PUSH_PROMPT_REFUSAL_S).toBe(43_200);
    expect(pushRefusedRecently(T0)).toBe(false);
    rememberPushRefusal(T0);
    expect(pushRefusedRecently(T0)).toBe(true);
    expect(pushRefusedRecently(T0 + WINDOW_MS - 1)).toBe(true);
    expect(pushRefusedRecently(T0 + WINDOW_MS)).toBe(false);
  });

  it('survives a reload (kept on the device) and is forgotten when the member turns push on', () => {
    rememberPushRefusal(T0);
    expect(localStorage.getItem('motema.push.refusedAt')).toBe(String(T0));
    forgetPushRefusal();
    expect(pushRefusedRecently(T0 + 1)).toBe(false);
  });

  it('does not last for ever when the clock was put back, nor count what cannot be read', () => {
    rememberPushRefusal(T0 + 10 * WINDOW_MS);
    expect(pushRefusedRecently(T0)).toBe(false);
    localStorage.setItem('motema.push.refusedAt', 'soon');
    expect(pushRefusedRecently(T0)).toBe(false);
  });
});
