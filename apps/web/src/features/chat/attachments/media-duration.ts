/**
 * The duration of a local audio or video file, read by the browser from the file itself (nothing is
 * downloaded), or null when it cannot tell within `timeoutMs`.
 */
export function readMediaDuration(
  blob: Blob,
  kind: 'audio' | 'video',
  timeoutMs = 1500,
): Promise<number | null> {
  if (typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const element = document.createElement(kind);
    const url = URL.createObjectURL(blob);
    const done = (value: number | null) => {
      clearTimeout(timer);
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    element.preload = 'metadata';
    element.onloadedmetadata = () =>
      done(Number.isFinite(element.duration) ? Math.round(element.duration * 1000) : null);
    element.onerror = () => done(null);
    element.src = url;
  });
}
