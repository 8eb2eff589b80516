import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { calls, stubApi } from '../zones/zones-fixtures.ts';
import { buildSummary, CASE_ID } from './moderation-fixtures.ts';
import { QueuePage } from './queue-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const moderator = buildMe({ role: 'moderator' });

describe('QueuePage', () => {
  it('lists the open cases with their priority, reporters, reasons and age, each leading to its case', async () => {
    stubApi({
      'GET /api/moderation/cases': [200, { cases: [buildSummary({ appealed: true })], count: 1 }],
    });
    renderPage('/moderation', <QueuePage />, { me: moderator });
    const row = await screen.findByRole('link', { name: /Prince @fakeprince/ });
    expect(row.getAttribute('href')).toBe(`/moderation/case/${CASE_ID}`);
    expect(row.textContent).toContain('Priority 12');
    expect(row.textContent).toContain('3 reporters');
    expect(row.textContent).toContain('Fake profile × 2');
    expect(row.textContent).toContain('Scam or advertising × 1');
    expect(row.textContent).toContain('Not taken');
    expect(row.textContent).toContain('Appealed');
  });

  it('starts at the 16 px margin of the member pages on a phone, not 12 px', async () => {
    stubApi({ 'GET /api/moderation/cases': [200, { cases: [], count: 0 }] });
    renderPage('/moderation', <QueuePage />, { me: moderator });
    const frame = (await screen.findByRole('heading', { level: 1 })).closest<HTMLElement>(
      '.mantine-Container-root',
    );
    expect(frame?.style.paddingInline).toBe('var(--mantine-spacing-md)');
  });

  it('asks for the chosen tab and filter, and keeps them in the address', async () => {
    const fetch = stubApi({ 'GET /api/moderation/cases': [200, { cases: [], count: 0 }] });
    const user = userEvent.setup();
    const { router } = renderPage('/moderation', <QueuePage />, { me: moderator });
    expect(await screen.findByText('No case here.')).toBeTruthy();
    expect(calls(fetch)[0]).toContain('state=open&assigned=any');
    await user.click(screen.getByRole('radio', { name: 'Escalated' }));
    await user.click(screen.getByRole('radio', { name: 'Me' }));
    await waitFor(() => expect(calls(fetch).at(-1)).toContain('state=escalated&assigned=me'));
    expect(router.state.location.search).toBe('?state=escalated&assigned=me');
  });

  it('gives a member what an unknown address gives: the API answers them 404', async () => {
    stubApi({});
    const { router } = renderPage('/moderation', <QueuePage />, { me: buildMe() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
