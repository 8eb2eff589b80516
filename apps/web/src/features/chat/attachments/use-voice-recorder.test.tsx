import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyError } from '../../../lib/notices.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { useVoiceRecorder } from './use-voice-recorder.ts';
import { VoiceRecordButton } from './voice-record-button.tsx';

vi.mock('../../../lib/notices.ts', () => ({ notifyError: vi.fn(), notify: vi.fn() }));

/** A MediaRecorder that hands out one chunk a second of recording, like the browser's. */
class FakeMediaRecorder {
  static supported = ['audio/webm;codecs=opus', 'audio/webm'];
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => FakeMediaRecorder.supported.includes(type);
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  timeslice = 0;
  constructor(
    readonly stream: MediaStream,
    readonly options?: { mimeType?: string; audioBitsPerSecond?: number },
  ) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
    FakeMediaRecorder.instances.push(this);
  }
  start(timeslice: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['opus-bytes'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

const track = { stop: vi.fn() };
const getUserMedia = vi.fn();

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  FakeMediaRecorder.instances = [];
  track.stop.mockClear();
  getUserMedia.mockReset().mockResolvedValue({ getTracks: () => [track] });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  vi.mocked(notifyError).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useVoiceRecorder', () => {
  it('records Opus in WebM, shows the time, and hands over the note with its duration', async () => {
    const onRecorded = vi.fn();
    const { result } = renderHook(() => useVoiceRecorder({ onRecorded }));
    await act(() => result.current.start());
    expect(getUserMedia).toHaveBeenCalledWith({ audio: expect.objectContaining({ channelCount: 1 }) });
    expect(FakeMediaRecorder.instances[0]!.options).toMatchObject({ audioBitsPerSecond: 24_000 });
    expect(result.current.state).toBe('recording');
    expect(FakeMediaRecorder.instances[0]!.mimeType).toBe('audio/webm;codecs=opus');

    await act(() => vi.advanceTimersByTimeAsync(4_200));
    expect(result.current.elapsedMs).toBeGreaterThanOrEqual(4_000);
    act(() => result.current.stop());
    expect(result.current.state).toBe('idle');
    expect(track.stop).toHaveBeenCalled();
    expect(onRecorded).toHaveBeenCalledTimes(1);
    const note = onRecorded.mock.calls[0]![0];
    expect(note).toMatchObject({ kind: 'voice', name: expect.stringMatching(/^voice-.+\.webm$/) });
    expect(note.durationMs).toBeGreaterThanOrEqual(4_000);
    expect(note.blob.type).toBe('audio/webm;codecs=opus');
    expect(await note.blob.text()).toBe('opus-bytes');
  });

  it('uses the browser’s default format when it supports none of ours', async () => {
    FakeMediaRecorder.supported = [];
    const onRecorded = vi.fn();
    const { result } = renderHook(() => useVoiceRecorder({ onRecorded }));
    await act(() => result.current.start());
    expect(FakeMediaRecorder.instances[0]!.mimeType).toBe('audio/webm');
    FakeMediaRecorder.supported = ['audio/webm;codecs=opus', 'audio/webm'];
  });

  it('throws a cancelled recording away and frees the microphone', async () => {
    const onRecorded = vi.fn();
    const { result } = renderHook(() => useVoiceRecorder({ onRecorded }));
    await act(() => result.current.start());
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    act(() => result.current.cancel());
    expect(onRecorded).not.toHaveBeenCalled();
    expect(track.stop).toHaveBeenCalled();
    expect(result.current.state).toBe('idle');
  });

  it('stops by itself at the longest voice note and sends it', async () => {
    const onRecorded = vi.fn();
    const { result } = renderHook(() => useVoiceRecorder({ onRecorded, maxSeconds: 5 }));
    await act(() => result.current.start());
    await act(() => vi.advanceTimersByTimeAsync(5_400));
    expect(onRecorded).toHaveBeenCalledTimes(1);
    expect(onRecorded.mock.calls[0]![0].durationMs).toBe(5_000);
    expect(result.current.state).toBe('idle');
  });

  it('drops a recording shorter than a slip of the finger', async () => {
    const onRecorded = vi.fn();
    const { result } = renderHook(() => useVoiceRecorder({ onRecorded }));
    await act(() => result.current.start());
    act(() => result.current.stop());
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it.each([
    ['NotAllowedError', 'denied'],
    ['NotFoundError', 'no_microphone'],
    ['AbortError', 'failed'],
  ])('turns a refused microphone (%s) into the error %s', async (name, error) => {
    getUserMedia.mockRejectedValue(Object.assign(new Error('refused'), { name }));
    const { result } = renderHook(() => useVoiceRecorder({ onRecorded: vi.fn() }));
    await act(() => result.current.start());
    expect(result.current.error).toBe(error);
    expect(result.current.state).toBe('idle');
  });

  it('says so in a browser without MediaRecorder', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    const { result } = renderHook(() => useVoiceRecorder({ onRecorded: vi.fn() }));
    await act(() => result.current.start());
    expect(result.current.error).toBe('unsupported');
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});

describe('VoiceRecordButton', () => {
  it('tap to start: a timer, then Send hands the note over', async () => {
    const onRecorded = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage('/', <VoiceRecordButton onRecorded={onRecorded} />);
    await user.click(screen.getByRole('button', { name: 'Record a voice message' }));
    const timer = await screen.findByRole('timer');
    expect(screen.getByRole('group', { name: 'Recording a voice message' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(timer.textContent).toBe('0:02');
    expect(timer.getAttribute('aria-label')).toBe('2:58 left');
    await user.click(screen.getByRole('button', { name: 'Send the voice message' }));
    expect(onRecorded).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Record a voice message' })).toBeTruthy();
  });

  it('the bin throws the recording away', async () => {
    const onRecorded = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage('/', <VoiceRecordButton onRecorded={onRecorded} />);
    await user.click(screen.getByRole('button', { name: 'Record a voice message' }));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await user.click(await screen.findByRole('button', { name: 'Delete the recording' }));
    expect(onRecorded).not.toHaveBeenCalled();
    expect(track.stop).toHaveBeenCalled();
  });

  it('explains a refused microphone in the member’s language', async () => {
    getUserMedia.mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage('/', <VoiceRecordButton onRecorded={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Record a voice message' }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith(
        'Motema cannot use your microphone. Allow it in your browser’s site settings to send voice messages.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Record a voice message' })).toBeTruthy();
  });
});
