import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaseDetail } from '@motema/shared/moderation';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { stubApi } from '../zones/zones-fixtures.ts';
import { CasePage } from './case-page.tsx';
import { buildDetail, CASE_ID } from './moderation-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

/** A reported live: its title and the frames sampled while it was on air, as any snapshot. */
const liveCase = (): CaseDetail =>
  buildDetail({
    subject: { kind: 'live', _id: 'l1' },
    snapshot: {
      ...buildDetail().snapshot,
      text: 'Sunday by the river',
      media: [0, 1].map((index) => ({
        url: `/api/moderation/cases/${CASE_ID}/media/${index}`,
        kind: 'photo' as const,
      })),
    },
  });

describe('a live’s case', () => {
  it('shows its title and sampled frames, and offers to end the live where others remove the content', async () => {
    stubApi({ [`GET /api/moderation/cases/${CASE_ID}`]: [200, liveCase()] });
    renderPage('/moderation/case/:id', <CasePage />, {
      url: `/moderation/case/${CASE_ID}`,
      me: buildMe({ role: 'moderator' }),
    });
    const snapshot = await screen.findByRole('region', { name: 'As reported' });
    expect(within(snapshot).getByText('Sunday by the river')).toBeTruthy();
    expect(within(snapshot).getAllByRole('img')).toHaveLength(2);
    const actions = within(screen.getByRole('combobox', { name: 'Action' })).getAllByRole('option');
    const names = actions.map((option) => option.textContent);
    expect(names).toContain('End the live');
    expect(names).not.toContain('Remove the content');
  });

  it('keeps "Remove the content" for other subjects', async () => {
    stubApi({ [`GET /api/moderation/cases/${CASE_ID}`]: [200, buildDetail()] });
    renderPage('/moderation/case/:id', <CasePage />, {
      url: `/moderation/case/${CASE_ID}`,
      me: buildMe({ role: 'moderator' }),
    });
    const select = await screen.findByRole('combobox', { name: 'Action' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toContain('Remove the content');
  });
});
