import { useCallback, useEffect, useRef, useState } from 'react';
import { VOICE_NOTE_MAX_SECONDS } from '@motema/shared/chat';
import type { Draft } from '../thread/thread-types.ts';

type DraftFile = Draft['files'][number];

export type RecorderError = 'denied' | 'no_microphone' | 'unsupported' | 'failed';
export type RecorderState = 'idle' | 'starting' | 'recording';

/** Shorter recordings are a slip of the finger, not a message: they are dropped. */
export const VOICE_NOTE_MIN_MS = 700;
const TICK_MS = 200;
/**
 * Speech needs little: Opus at 24 kb/s is clear voice (a 3-minute note weighs about 540 KB, against
 * 2.9 MB at the browsers' default 128 kb/s). Members pay for their data.
 */
export const VOICE_BITS_PER_SECOND = 24_000;
const VOICE_CONSTRAINTS: MediaTrackConstraints = {
  channelCount: 1,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
};
/** The formats asked of MediaRecorder, best first; the browser's default when it supports none. */
const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'];

type Session = {
  recorder: MediaRecorder | null;
  stream: MediaStream | null;
  chunks: Blob[];
  startedAt: number;
  keep: boolean;
  timer: ReturnType<typeof setInterval> | null;
  /** Set when stop or cancel came while the microphone was still being asked for. */
  abandoned: boolean;
};

function chooseType(): string | undefined {
  if (typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

function extensionOf(type: string): string {
  if (type.includes('ogg')) return 'ogg';
  if (type.includes('mp4') || type.includes('aac')) return 'm4a';
  return 'webm';
}

function errorOf(error: unknown): RecorderError {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') {
    return 'no_microphone';
  }
  return 'failed';
}

/**
 * Records a voice note with MediaRecorder (Opus in WebM when the browser can, else its default).
 * `start()` asks for the microphone; `stop()` ends the recording and hands the note to `onRecorded`;
 * `cancel()` throws it away. The recording stops by itself at VOICE_NOTE_MAX_SECONDS. The microphone
 * is released as soon as the recording ends, and when the component goes.
 */
export function useVoiceRecorder({
  onRecorded,
  maxSeconds = VOICE_NOTE_MAX_SECONDS,
}: {
  onRecorded: (file: DraftFile) => void;
  maxSeconds?: number;
}) {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [error, setError] = useState<RecorderError | null>(null);
  const session = useRef<Session | null>(null);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  }, [onRecorded]);

  const release = useCallback(() => {
    const current = session.current;
    if (!current) return;
    if (current.timer) clearInterval(current.timer);
    current.stream?.getTracks().forEach((track) => track.stop());
    session.current = null;
    setState('idle');
    setElapsedMs(0);
  }, []);

  const finish = useCallback(
    (keep: boolean) => {
      const current = session.current;
      if (!current) return;
      current.keep = keep;
      if (!current.recorder) {
        current.abandoned = true;
        return;
      }
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      else release();
    },
    [release],
  );

  const stop = useCallback(() => finish(true), [finish]);
  const cancel = useCallback(() => finish(false), [finish]);

  const start = useCallback(async () => {
    if (session.current) return;
    setError(null);
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setError('unsupported');
      return;
    }
    const current: Session = {
      recorder: null,
      stream: null,
      chunks: [],
      startedAt: 0,
      keep: true,
      timer: null,
      abandoned: false,
    };
    session.current = current;
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: VOICE_CONSTRAINTS });
    } catch (failure) {
      session.current = null;
      setState('idle');
      setError(errorOf(failure));
      return;
    }
    current.stream = stream;
    if (current.abandoned || session.current !== current) {
      stream.getTracks().forEach((track) => track.stop());
      if (session.current === current) release();
      return;
    }
    let recorder: MediaRecorder;
    try {
      const mimeType = chooseType();
      recorder = new MediaRecorder(stream, {
        ...(mimeType ? { mimeType } : {}),
        audioBitsPerSecond: VOICE_BITS_PER_SECOND,
      });
    } catch (failure) {
      release();
      setError(errorOf(failure));
      return;
    }
    current.recorder = recorder;
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) current.chunks.push(event.data);
    };
    recorder.onstop = () => {
      const durationMs = Math.min(Date.now() - current.startedAt, maxSeconds * 1000);
      const type = recorder.mimeType || current.chunks[0]?.type || 'audio/webm';
      const blob = new Blob(current.chunks, { type });
      release();
      if (!current.keep || durationMs < VOICE_NOTE_MIN_MS || blob.size === 0) return;
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
      onRecordedRef.current({ kind: 'voice', blob, name: `voice-${stamp}.${extensionOf(type)}`, durationMs });
    };
    recorder.onerror = () => {
      current.keep = false;
      setError('failed');
      if (recorder.state !== 'inactive') recorder.stop();
      else release();
    };
    current.startedAt = Date.now();
    recorder.start(1000);
    setState('recording');
    current.timer = setInterval(() => {
      const elapsed = Date.now() - current.startedAt;
      setElapsedMs(Math.min(elapsed, maxSeconds * 1000));
      if (elapsed >= maxSeconds * 1000) finish(true);
    }, TICK_MS);
  }, [finish, maxSeconds, release]);

  // Leaving the screen mid-recording throws the recording away and frees the microphone.
  useEffect(
    () => () => {
      const current = session.current;
      if (!current) return;
      current.keep = false;
      if (current.timer) clearInterval(current.timer);
      current.stream?.getTracks().forEach((track) => track.stop());
      if (current.recorder && current.recorder.state !== 'inactive') current.recorder.stop();
      session.current = null;
    },
    [],
  );

  return {
    state,
    elapsedMs,
    error,
    maxMs: maxSeconds * 1000,
    start,
    stop,
    cancel,
    clearError: () => setError(null),
  };
}
