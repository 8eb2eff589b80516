import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceRecord, deviceText, refusalHolds, tabRecord } from './device-record.ts';

describe('a record kept on the device', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.restoreAllMocks();
  });
  const record = deviceRecord<{ n: number }>('test.record', (stored) =>
    typeof (stored as { n?: unknown } | null)?.n === 'number' ? (stored as { n: number }) : null,
  );

  it('keeps, reads and forgets a well-formed value; anything else reads as none', () => {
    expect(record.read()).toBeNull();
    record.keep({ n: 3 });
    expect(record.read()).toEqual({ n: 3 });
    localStorage.setItem('test.record', '{"n": "three"}');
    expect(record.read()).toBeNull();
    localStorage.setItem('test.record', '{not json');
    expect(record.read()).toBeNull();
    record.keep({ n: 4 });
    record.forget();
    expect(localStorage.getItem('test.record')).toBeNull();
  });

  it('reads a plain-text record as older builds wrote it, and writes it the same way', () => {
    const choice = deviceText('test.text', (stored) => (stored === 'on' || stored === 'off' ? stored : null));
    localStorage.setItem('test.text', 'on');
    expect(choice.read()).toBe('on');
    choice.keep('off');
    expect(localStorage.getItem('test.text')).toBe('off');
    localStorage.setItem('test.text', 'yes');
    expect(choice.read()).toBeNull();
  });

  it('keeps a tab record for this tab only, apart from the device', () => {
    const tab = tabRecord('test.tab', (stored) => (typeof stored === 'number' ? stored : null));
    tab.keep(7);
    expect(tab.read()).toBe(7);
    expect(sessionStorage.getItem('test.tab')).toBe('7');
    expect(localStorage.getItem('test.tab')).toBeNull();
    tab.forget();
    expect(tab.read()).toBeNull();
  });

  it('reads as none and writes nothing, quietly, when storage is refused', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(record.read()).toBeNull();
    expect(() => record.keep({ n: 1 })).not.toThrow();
  });
});

describe('refusalHolds (a refusal remembered for a while, SPEC section 4)', () => {
  const now = 1_780_000_000_000;
  it('holds for its seconds, then not; a refusal dated in the future holds from now at most', () => {
    expect(refusalHolds(null, now, 60)).toBe(false);
    expect(refusalHolds(now - 59_999, now, 60)).toBe(true);
    expect(refusalHolds(now - 60_000, now, 60)).toBe(false);
    expect(refusalHolds(now + 30_000, now, 60)).toBe(true);
    // The clock was put back a year: the refusal must not last for ever.
    expect(refusalHolds(now + 365 * 86_400_000, now, 60)).toBe(false);
  });
});
