import { LIVE_CHUNK_MS, type LiveChunk } from '@motema/shared/lives';
import type { EventAck } from '@motema/shared/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeStream, FakeRecorder, stubMedia, unstubMedia } from './fake-media.ts';
import { startRecording, VIDEO_BITS_PER_SECOND } from './live-recorder.ts';

beforeEach(() => void stubMedia());
afterEach(unstubMedia);

/** A sender whose acks the test gives one by one. */
function heldSender() {
  const sent: LiveChunk[] = [];
  const waiting: ((ack: EventAck) => void)[] = [];
  const send = (chunk: LiveChunk) =>
    new Promise<EventAck>((resolve) => {
      sent.push(chunk);
      waiting.push(resolve);
    });
  const ack = async (result: EventAck = { ok: true }) => {
    waiting.shift()!(result);
    await vi.waitFor(() => undefined);
  };
  return { sent, send, ack };
}

describe('startRecording', () => {
  it('records WebM at a light bitrate and sends each chunk in order, the next only once the last was acked', async () => {
    const sender = heldSender();
    const onFailed = vi.fn();
    startRecording({ stream: fakeStream(), liveId: 'l1', audioOnly: false, send: sender.send, onFailed });
    const recorder = FakeRecorder.last!;
    expect(recorder.timeslice).toBe(LIVE_CHUNK_MS);
    expect(recorder.options).toMatchObject({
      mimeType: 'video/webm;codecs=vp8,opus',
      videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
    });
    recorder.give(1);
    recorder.give(2, 2);
    recorder.give(3);
    await vi.waitFor(() => expect(sender.sent).toHaveLength(1));
    expect(sender.sent[0]).toMatchObject({ liveId: 'l1', seq: 0 });
    await sender.ack();
    await vi.waitFor(() => expect(sender.sent).toHaveLength(2));
    await sender.ack();
    await vi.waitFor(() => expect(sender.sent).toHaveLength(3));
    expect(sender.sent.map((chunk) => [chunk.seq, [...(chunk.data as Uint8Array)]])).toEqual([
      [0, [1]],
      [1, [2, 2]],
      [2, [3]],
    ]);
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('records the microphone alone for an audio-only live', () => {
    startRecording({
      stream: fakeStream(['audio']),
      liveId: 'l1',
      audioOnly: true,
      send: vi.fn(),
      onFailed: vi.fn(),
    });
    expect(FakeRecorder.last!.options.mimeType).toBe('audio/webm;codecs=opus');
    expect(FakeRecorder.last!.options.videoBitsPerSecond).toBeUndefined();
  });

  it('stops for good at a refused chunk, sends nothing after it and says why', async () => {
    const sender = heldSender();
    const onFailed = vi.fn();
    startRecording({ stream: fakeStream(), liveId: 'l1', audioOnly: false, send: sender.send, onFailed });
    const recorder = FakeRecorder.last!;
    recorder.give(1);
    recorder.give(2);
    await vi.waitFor(() => expect(sender.sent).toHaveLength(1));
    await sender.ack({ ok: false, code: 'live_chunk_too_large' });
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalledWith('live_chunk_too_large'));
    recorder.give(3);
    expect(sender.sent).toHaveLength(1);
    expect(recorder.state).toBe('inactive');
  });

  it('stops when a chunk gets no answer', async () => {
    const onFailed = vi.fn();
    const send = vi.fn(() => Promise.reject(new Error('operation has timed out')));
    startRecording({ stream: fakeStream(), liveId: 'l1', audioOnly: false, send, onFailed });
    FakeRecorder.last!.give(1);
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalledWith('network'));
  });

  it('says when the browser records no WebM', () => {
    FakeRecorder.supported = new Set();
    const onFailed = vi.fn();
    startRecording({ stream: fakeStream(), liveId: 'l1', audioOnly: false, send: vi.fn(), onFailed });
    expect(onFailed).toHaveBeenCalledWith('live_recording_unsupported');
    FakeRecorder.supported = new Set(['video/webm;codecs=vp8,opus', 'audio/webm;codecs=opus']);
  });
});
