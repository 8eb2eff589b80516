import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { buildLive, stubApi } from './lives-fixtures.tsx';
import { LivesPage } from './lives-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('LivesPage', () => {
  it('shows each live on air as a card: who, the title, how many watch, LIVE; each opens the live', async () => {
    const audio = buildLive({
      _id: '00000000-0000-4000-8000-0000000000a2',
      broadcaster: { _id: 'u3', username: 'nia', firstName: 'Nia', name: 'Nia Kabila', avatar: null },
      title: '',
      audioOnly: true,
      viewers: 1,
      match: true,
    });
    stubApi({ 'GET /api/lives': [200, { lives: [audio, buildLive()], goLiveFrom: null }] });
    renderPage('/lives', <LivesPage />, { me: buildMe() });
    const cards = await screen.findAllByRole('link', { name: /is live/ });
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      '\u2068Nia\u2069 is live, 1 watching',
      '\u2068Kofi\u2069 is live, 3 watching',
    ]);
    expect(cards[1]!.getAttribute('href')).toBe(`/lives/${buildLive()._id}`);
    expect(cards[1]!.textContent).toContain('Sunday by the river');
    expect(cards[1]!.textContent).toContain('LIVE');
    expect(cards[0]!.textContent).toContain('Audio only');
    expect(cards[0]!.textContent).toContain('Your match');
    expect(screen.getByRole('link', { name: 'Go live' }).getAttribute('href')).toBe('/lives/new');
  });

  it('invites to go live when no one is', async () => {
    stubApi({ 'GET /api/lives': [200, { lives: [], goLiveFrom: null }] });
    renderPage('/lives', <LivesPage />, { me: buildMe() });
    expect(await screen.findByRole('heading', { name: 'No one is live right now' })).toBeTruthy();
    expect(screen.getByText(/Be the first: go live/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go live' }).getAttribute('href')).toBe('/lives/new');
  });

  it('tells a new account from when it may go live instead of offering it', async () => {
    stubApi({ 'GET /api/lives': [200, { lives: [], goLiveFrom: '2099-03-14T09:30:00.000Z' }] });
    renderPage('/lives', <LivesPage />, { me: buildMe() });
    expect(await screen.findByText(/^You can go live from March 14, 2099/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go live' })).toBeNull();
    expect(screen.queryByText(/Be the first: go live/)).toBeNull();
    expect(screen.getByText('No one is live right now: come back a little later.')).toBeTruthy();
  });

  it('says when the list could not load, with a retry', async () => {
    stubApi({ 'GET /api/lives': [403, { code: 'forbidden', message: 'x' }] });
    renderPage('/lives', <LivesPage />, { me: buildMe() });
    expect((await screen.findByRole('alert')).textContent).toContain('The lives could not load.');
  });
});
