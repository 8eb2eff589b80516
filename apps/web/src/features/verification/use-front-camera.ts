import { useCallback, useEffect, useRef, useState } from 'react';

/** Why the camera did not open: refused by the member or the browser, absent, or not offered at all. */
export type CameraError = 'denied' | 'no_camera' | 'unsupported';

/** The still's longest side: enough for a moderator to compare faces, light to send on a phone network. */
const STILL_MAX_SIDE = 960;
const JPEG_QUALITY = 0.85;

function errorOf(error: unknown): CameraError {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  return 'no_camera';
}

/**
 * The front camera in a <video>, and a still taken from it as a JPEG (a canvas; never a file picked
 * from the gallery). The stream stops on `stop()`, after a still, and when the screen goes.
 */
export function useFrontCamera() {
  const video = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<'off' | 'starting' | 'on'>('off');
  const [error, setError] = useState<CameraError | null>(null);

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setState('off');
  }, []);

  useEffect(() => stop, [stop]);

  const start = useCallback(async () => {
    setError(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setError('unsupported');
      return;
    }
    setState('starting');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 } },
        audio: false,
      });
      setState('on');
    } catch (failure) {
      setState('off');
      setError(errorOf(failure));
    }
  }, []);

  // The <video> mounts once the stream is there: it is given the stream as soon as both are.
  const attach = useCallback((element: HTMLVideoElement | null) => {
    video.current = element;
    if (element && stream.current) {
      element.srcObject = stream.current;
      void element.play?.()?.catch(() => undefined);
    }
  }, []);

  /** The current frame as a JPEG, mirrored as the member saw it; the camera stops. */
  const capture = useCallback(async (): Promise<Blob | null> => {
    const element = video.current;
    if (!element) return null;
    const width = element.videoWidth || 640;
    const height = element.videoHeight || 480;
    const scale = Math.min(1, STILL_MAX_SIDE / Math.max(width, height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.translate(canvas.width, 0);
    context.scale(-1, 1);
    context.drawImage(element, 0, 0, canvas.width, canvas.height);
    const still = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    stop();
    return still;
  }, [stop]);

  return { state, error, start, stop, attach, capture };
}
