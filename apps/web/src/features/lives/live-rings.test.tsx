import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { LiveRings } from './live-rings.tsx';
import { buildLive, calls, stubApi } from './lives-fixtures.tsx';

afterEach(() => vi.unstubAllGlobals());

const row = (
  <ul>
    <LiveRings />
    <li>Your story</li>
  </ul>
);

describe('LiveRings', () => {
  it('puts each member on air first in the stories row, in a LIVE ring that opens the live, asking once', async () => {
    const fetch = stubApi({
      'GET /api/lives': [200, { lives: [buildLive({ match: true })], goLiveFrom: null }],
    });
    renderPage('/home', row, { me: buildMe() });
    const ring = await screen.findByRole('link', { name: 'Kofi is live now' });
    expect(ring.getAttribute('href')).toBe(`/lives/${buildLive()._id}`);
    expect(ring.textContent).toContain('LIVE');
    const items = screen.getAllByRole('listitem');
    expect(items[0]!.contains(ring)).toBe(true);
    expect(calls(fetch)).toEqual(['GET /api/lives']);
  });

  it('leads to all the lives and to going live, with no ring when no one is live', async () => {
    const fetch = stubApi({ 'GET /api/lives': [200, { lives: [], goLiveFrom: null }] });
    renderPage('/home', row, { me: buildMe() });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/lives']);
    expect(screen.getByRole('link', { name: 'Lives' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
