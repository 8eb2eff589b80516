import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DATA_SAVER_KEY,
  dataSaverOn,
  releaseMedia,
  setDataSaver,
  useDataSaver,
  useMediaHeld,
} from './data-saver.ts';

/** The browser's "Save-Data" wish (`navigator.connection.saveData`), for one test. */
function browserSaveData(saveData: boolean) {
  Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData } });
}

afterEach(() => {
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'connection');
  vi.restoreAllMocks();
});

describe('data saver', () => {
  it('is off by default, and follows the browser until the member chooses', () => {
    expect(dataSaverOn()).toBe(false);
    browserSaveData(true);
    expect(dataSaverOn()).toBe(true);
    setDataSaver(false);
    expect(dataSaverOn()).toBe(false);
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('off');
  });

  it('stores the choice under motema.data-saver as on / off (the key B6 sets directly)', () => {
    setDataSaver(true);
    expect(localStorage.getItem('motema.data-saver')).toBe('on');
    localStorage.setItem('motema.data-saver', 'off');
    expect(dataSaverOn()).toBe(false);
    localStorage.setItem('motema.data-saver', 'on');
    expect(dataSaverOn()).toBe(true);
    // Anything else is no choice: back to the browser's wish.
    localStorage.setItem('motema.data-saver', 'yes');
    expect(dataSaverOn()).toBe(false);
  });

  it('still answers when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    browserSaveData(true);
    expect(dataSaverOn()).toBe(true);
    expect(() => setDataSaver(false)).not.toThrow();
  });

  it('re-renders every useDataSaver on a change here or in another tab', () => {
    const { result } = renderHook(() => useDataSaver());
    expect(result.current).toBe(false);
    act(() => setDataSaver(true));
    expect(result.current).toBe(true);
    act(() => {
      localStorage.setItem(DATA_SAVER_KEY, 'off');
      window.dispatchEvent(new StorageEvent('storage', { key: DATA_SAVER_KEY }));
    });
    expect(result.current).toBe(false);
  });

  it('holds photos only while on, and a released photo stays loaded', () => {
    const { result } = renderHook(() => ({ a: useMediaHeld('photo-a'), b: useMediaHeld('photo-b') }));
    expect(result.current).toEqual({ a: false, b: false });
    act(() => setDataSaver(true));
    expect(result.current).toEqual({ a: true, b: true });
    act(() => releaseMedia('photo-a'));
    expect(result.current).toEqual({ a: false, b: true });
    act(() => setDataSaver(false));
    expect(result.current).toEqual({ a: false, b: false });
  });
});
