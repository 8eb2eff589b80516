/**
 * The broadcaster's camera: the front one, small and slow (640x360 at 15 fps) so a phone on a weak
 * network keeps up, or the microphone alone for an audio-only live.
 */
export const CAMERA_VIDEO: MediaTrackConstraints = {
  facingMode: 'user',
  width: { ideal: 640 },
  height: { ideal: 360 },
  frameRate: { ideal: 15, max: 15 },
};
const MICROPHONE: MediaTrackConstraints = { echoCancellation: true, noiseSuppression: true };

export function openCamera(audioOnly: boolean): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({ audio: MICROPHONE, video: audioOnly ? false : CAMERA_VIDEO });
}

export const stopStream = (stream: MediaStream | null) =>
  stream?.getTracks().forEach((track) => track.stop());

/** Why the camera did not open, as a key of the `lives` texts. */
export function cameraFailure(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'camera.denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'camera.missing';
  return 'camera.failed';
}

/**
 * The stream the go-live screen opened, handed to the live's own screen (a MediaStream cannot travel
 * in the navigation's state): taken once, by the live it was opened for.
 */
let handed: { liveId: string; stream: MediaStream; audioOnly: boolean } | null = null;

export function handCamera(liveId: string, stream: MediaStream, audioOnly: boolean) {
  handed = { liveId, stream, audioOnly };
}

export function takeCamera(liveId: string): { stream: MediaStream; audioOnly: boolean } | null {
  if (handed?.liveId !== liveId) return null;
  const taken = handed;
  handed = null;
  return taken;
}
