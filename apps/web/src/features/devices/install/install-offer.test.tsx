import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INSTALL_PROMPT_REFUSAL_S } from '@motema/shared/limits';
import { SocketContext } from '../../../lib/socket.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { noteAppStart, readInstallState } from './install-engagement.ts';
import { InstallOffer } from './install-offer.tsx';
import { firePrompt, freshInstallCapture } from './install-fixtures.ts';
import { installPrompt, showInstallPrompt } from './install-prompt.ts';

const DAY = 86_400_000;

function renderOffer(socket = new FakeSocket(), url = '/home') {
  renderPage(
    url === '/home' ? url : '/messages/:id',
    <SocketContext.Provider value={{ socket: socket.asSocket(), connected: true }}>
      <InstallOffer userId="u1" />
    </SocketContext.Provider>,
    { url },
  );
  return socket;
}

const card = () => screen.queryByRole('region', { name: 'Keep Motema on your home screen' });
/** The app opened on `days` distinct days, the last one today. */
const openedOn = (days: number) => {
  for (let day = days - 1; day >= 0; day--) noteAppStart(Date.now() - day * DAY);
};

/** A tick for React to render what it would: the card's lazy code is loaded (beforeAll), so it would be there. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('the install offer', () => {
  beforeAll(async () => {
    freshInstallCapture();
    // The card's code loads once (React.lazy): loaded here, so that "no card" below means none was
    // rendered, not that its code was still on its way.
    openedOn(3);
    firePrompt('accepted');
    renderOffer();
    await screen.findByRole('region', { name: 'Keep Motema on your home screen' });
    cleanup();
  });
  beforeEach(() => localStorage.clear());
  // Each test starts without a kept prompt: showing it spends it.
  afterEach(() => showInstallPrompt());

  it('is not shown on a first visit, even with the browser’s prompt there', async () => {
    openedOn(1);
    firePrompt('accepted');
    renderOffer();
    await settle();
    expect(card()).toBeNull();
  });

  it('shows our card on the third day once the prompt comes; Install opens the browser’s dialog', async () => {
    openedOn(3);
    renderOffer();
    expect(card()).toBeNull();
    const prompt = firePrompt('accepted');
    expect(await screen.findByRole('region', { name: 'Keep Motema on your home screen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(prompt).toHaveBeenCalledTimes(1));
    expect(card()).toBeNull();
    // Accepted: no refusal to remember.
    expect(readInstallState().refusedAt).toBeNull();
  });

  it('counts today itself on the third day, whenever main.tsx counts it (after the first page)', async () => {
    // Opened on the two days before; today's start not counted yet when home draws the offer.
    noteAppStart(Date.now() - 2 * DAY);
    noteAppStart(Date.now() - DAY);
    firePrompt('accepted');
    renderOffer();
    expect(await screen.findByRole('region', { name: 'Keep Motema on your home screen' })).toBeTruthy();
    expect(readInstallState().days).toHaveLength(3);
  });

  it('remembers "Not now" for the refusal period: the next start shows nothing', async () => {
    openedOn(3);
    firePrompt('accepted');
    renderOffer();
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(card()).toBeNull();
    const refusedAt = readInstallState().refusedAt!;
    expect(Date.now() - refusedAt).toBeLessThan(5_000);
    // The prompt is kept for the settings page: refusing our card does not spend it.
    expect(installPrompt()).not.toBeNull();

    // The next start (a later day, the prompt there): nothing.
    cleanup();
    noteAppStart(Date.now() + DAY);
    renderOffer();
    await settle();
    expect(card()).toBeNull();
  });

  it('remembers a refusal in the browser’s own dialog', async () => {
    openedOn(3);
    renderOffer();
    firePrompt('dismissed');
    fireEvent.click(await screen.findByRole('button', { name: 'Install' }));
    await waitFor(() => expect(readInstallState().refusedAt).not.toBeNull());
  });

  it('shows again once the refusal period is over', async () => {
    openedOn(3);
    const state = readInstallState();
    localStorage.setItem(
      'motema.install',
      JSON.stringify({ ...state, refusedAt: Date.now() - INSTALL_PROMPT_REFUSAL_S * 1000 - 1 }),
    );
    firePrompt('accepted');
    renderOffer();
    expect(await screen.findByRole('region', { name: 'Keep Motema on your home screen' })).toBeTruthy();
  });

  it('waits outside a thread, whose composer sits where the card would', async () => {
    openedOn(3);
    firePrompt('accepted');
    renderOffer(new FakeSocket(), '/messages/c1');
    await settle();
    expect(card()).toBeNull();
  });

  it('notes a first match or message for the next start, without showing the card now', async () => {
    openedOn(2);
    firePrompt('accepted');
    const socket = renderOffer();
    expect(socket.listenerCount('matched:u1')).toBe(1);
    act(() => socket.serverEmit('matched:u1', { _id: 'm1' }));
    expect(readInstallState().moment).toBe(true);
    await settle();
    expect(card()).toBeNull();

    localStorage.clear();
    openedOn(2);
    act(() => socket.serverEmit('chats:messages:new', { _id: 'x' }));
    expect(readInstallState().moment).toBe(true);
  });
});
