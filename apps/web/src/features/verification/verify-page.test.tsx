import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VerificationState } from '@motema/shared/verification';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { installFakeUpload } from '../media/media-fixtures.ts';
import { stubApi } from '../zones/zones-fixtures.ts';
import { VerifyPage } from './verify-page.tsx';

const POSE = { id: 'peace_sign', picture: '/poses/peace_sign.svg' } as const;
const START: VerificationState = { state: 'none', kind: null, reason: null, pose: POSE };
const PENDING: VerificationState = { state: 'pending', kind: 'selfie', reason: null, pose: null };

const track = { stop: vi.fn() };
const getUserMedia = vi.fn();

beforeEach(() => {
  track.stop.mockReset();
  // A real MediaStream of the window (the <video> takes nothing else), its tracks the test's.
  const stream = new MediaStream();
  Object.defineProperty(stream, 'getTracks', { value: () => [track] });
  getUserMedia.mockReset().mockResolvedValue(stream);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:selfie' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  // happy-dom draws nothing: the canvas hands back a JPEG blob as a browser's would.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    translate: () => undefined,
    scale: () => undefined,
    drawImage: () => undefined,
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, type) =>
    done(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: type ?? '' })),
  );
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (state: VerificationState) => {
  stubApi({ 'GET /api/verification': [200, state] });
  return renderPage('/settings/verify', <VerifyPage />, { me: buildMe() });
};

describe('VerifyPage', () => {
  it('shows the pose, opens the front camera (no file input), takes a still, and sends it with the pose', async () => {
    const uploads = installFakeUpload();
    open(START);
    expect(await screen.findByRole('img', { name: 'A peace sign beside your face' })).toBeTruthy();
    expect(document.querySelector('input[type="file"]')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open the camera' }));
    expect(getUserMedia).toHaveBeenCalledWith({
      video: expect.objectContaining({ facingMode: 'user' }),
      audio: false,
    });
    await user.click(await screen.findByRole('button', { name: 'Take the photo' }));
    expect(track.stop).toHaveBeenCalled();
    expect(await screen.findByRole('img', { name: 'Your selfie' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const [upload] = uploads;
    expect([upload!.method, upload!.url]).toEqual(['POST', '/api/verification']);
    const form = upload!.body as FormData;
    expect(form.get('pose')).toBe('peace_sign');
    expect((form.get('selfie') as File).type).toBe('image/jpeg');
    upload!.respond(201, PENDING);
    expect(await screen.findByText('Thank you! A moderator will check your selfie soon.')).toBeTruthy();
  });

  it('lets the member retake the still before sending', async () => {
    installFakeUpload();
    open(START);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open the camera' }));
    await user.click(await screen.findByRole('button', { name: 'Take the photo' }));
    await user.click(await screen.findByRole('button', { name: 'Retake' }));
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('button', { name: 'Take the photo' })).toBeTruthy();
  });

  it.each([
    [
      'refused by the member',
      'NotAllowedError',
      'The camera is not allowed. Allow it for Motema in your browser settings, then try again.',
    ],
    ['absent', 'NotFoundError', 'No camera was found on this device.'],
  ])('says so clearly when the camera is %s', async (_case, name, text) => {
    getUserMedia.mockRejectedValue(Object.assign(new Error('no'), { name }));
    open(START);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Open the camera' }));
    expect((await screen.findByRole('alert')).textContent).toContain(text);
  });

  it('says so when the browser offers no camera at all', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    open(START);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Open the camera' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This browser cannot open the camera');
  });

  it('shows a refusal with its reason and lets the member try again with the new pose', async () => {
    open({ state: 'refused', kind: null, reason: 'face_not_visible', pose: POSE });
    expect(await screen.findByText('Your face is not clearly visible.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open the camera' })).toBeTruthy();
  });

  it('shows the pending and verified states without a camera', async () => {
    const view = open(PENDING);
    expect(await screen.findByText(/A moderator will check your selfie soon/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open the camera' })).toBeNull();
    view.unmount();
    open({ state: 'verified', kind: null, reason: null, pose: null });
    expect(await screen.findByText(/Your profile is verified/)).toBeTruthy();
  });
});
