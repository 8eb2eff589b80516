import { vi } from 'vitest';

/**
 * Test helper: MediaRecorder and getUserMedia as jsdom lacks them. The test hands chunks with
 * `FakeRecorder.last.give(bytes)`, as the browser would every LIVE_CHUNK_MS.
 */
export class FakeRecorder extends EventTarget {
  static last: FakeRecorder | null = null;
  static supported = new Set(['video/webm;codecs=vp8,opus', 'audio/webm;codecs=opus']);
  static isTypeSupported = (type: string) => FakeRecorder.supported.has(type);
  state: 'inactive' | 'recording' = 'inactive';
  timeslice: number | undefined;

  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions,
  ) {
    super();
    FakeRecorder.last = this;
  }

  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }

  stop() {
    this.state = 'inactive';
  }

  /** The browser hands a chunk of `bytes`. */
  give(...bytes: number[]) {
    const event = new Event('dataavailable') as Event & { data: Blob };
    event.data = new Blob([new Uint8Array(bytes)]);
    this.dispatchEvent(event);
  }
}

export type FakeStream = MediaStream & { stopped: () => boolean };

export function fakeStream(kinds: ('audio' | 'video')[] = ['audio', 'video']): FakeStream {
  const tracks = kinds.map((kind) => ({ kind, stop: vi.fn() }));
  // The window's own MediaStream, so a video element takes it as its source.
  return Object.assign(new MediaStream(), {
    getTracks: () => tracks,
    stopped: () => tracks.every((track) => track.stop.mock.calls.length > 0),
  }) as unknown as FakeStream;
}

const ownMediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');

/** Puts the window's own `navigator.mediaDevices` back (the files of a worker share one window). */
export function unstubMedia() {
  if (ownMediaDevices) Object.defineProperty(navigator, 'mediaDevices', ownMediaDevices);
  else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  vi.unstubAllGlobals();
}

/** Installs the fakes; `getUserMedia` answers with a new fake stream (or `refusal`). */
export function stubMedia(refusal?: DOMException) {
  FakeRecorder.last = null;
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    if (refusal) throw refusal;
    return fakeStream(constraints.video ? ['audio', 'video'] : ['audio']);
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return getUserMedia;
}
