import { LIVE_CHUNK_MS, type LiveChunk } from '@motema/shared/lives';
import type { EventAck } from '@motema/shared/realtime';

/** About 600 kbit/s of video and 48 kbit/s of audio: the server makes its renditions from it. */
export const VIDEO_BITS_PER_SECOND = 600_000;
export const AUDIO_BITS_PER_SECOND = 48_000;

const VIDEO_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'];
const AUDIO_TYPES = ['audio/webm;codecs=opus', 'audio/webm'];

/** The first WebM type this browser records (the server's ffmpeg reads WebM), or undefined. */
export function recordingType(audioOnly: boolean): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return (audioOnly ? AUDIO_TYPES : VIDEO_TYPES).find((type) => MediaRecorder.isTypeSupported(type));
}

export type ChunkSender = (chunk: LiveChunk) => Promise<EventAck>;

type Options = {
  stream: MediaStream;
  liveId: string;
  audioOnly: boolean;
  /** Sends one chunk and resolves with the server's ack (a timeout rejects). */
  send: ChunkSender;
  /** The recording stopped for good: a chunk refused (its code), not acked, or the recorder failed. */
  onFailed: (code: string) => void;
};

/**
 * Records the stream and hands a chunk every LIVE_CHUNK_MS, strictly in order: the next chunk goes
 * only once the previous one was acked (the server's encoder reads one continuous WebM stream, so a
 * chunk lost or out of order would break everything after it). A refusal ends the recording.
 */
export function startRecording({ stream, liveId, audioOnly, send, onFailed }: Options): { stop: () => void } {
  const mimeType = recordingType(audioOnly);
  if (!mimeType) {
    onFailed('live_recording_unsupported');
    return { stop: () => undefined };
  }
  const recorder = new MediaRecorder(stream, {
    mimeType,
    audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
    ...(audioOnly ? {} : { videoBitsPerSecond: VIDEO_BITS_PER_SECOND }),
  });
  const queue: Blob[] = [];
  let seq = 0;
  let sending = false;
  let over = false;

  const stop = () => {
    over = true;
    queue.length = 0;
    if (recorder.state !== 'inactive') recorder.stop();
  };
  const fail = (code: string) => {
    if (over) return;
    stop();
    onFailed(code);
  };

  const pump = async () => {
    if (sending) return;
    sending = true;
    while (queue.length > 0 && !over) {
      const data = new Uint8Array(await queue.shift()!.arrayBuffer());
      const result = await send({ liveId, seq, data }).catch((): EventAck => ({
        ok: false,
        code: 'network',
      }));
      if (over) break;
      if (!result.ok) {
        fail(result.code);
        break;
      }
      seq += 1;
    }
    sending = false;
  };

  recorder.addEventListener('dataavailable', (event) => {
    if (over || event.data.size === 0) return;
    queue.push(event.data);
    void pump();
  });
  recorder.addEventListener('error', () => fail('live_recording_failed'));
  recorder.start(LIVE_CHUNK_MS);
  return { stop };
}
