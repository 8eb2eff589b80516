import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VerificationItem } from '@motema/shared/verification';
import { buildMe, renderPage } from '../../../test/render-page.tsx';
import { buildImage } from '../../media/media-fixtures.ts';
import { calls, stubApi } from '../../zones/zones-fixtures.ts';
import VerificationQueuePage from './verification-queue-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const ID = '00000000-0000-4000-8000-0000000000a1';
const item: VerificationItem = {
  _id: ID,
  kind: 'selfie',
  member: { _id: 'u9', username: 'grace', name: 'Grace' },
  pose: { id: 'wave', picture: '/poses/wave.svg' },
  selfie: `/api/moderation/verifications/${ID}/selfie`,
  photos: [
    { ...buildImage('p1'), main: true },
    { ...buildImage('p2'), main: false },
  ],
  createdAt: '2026-12-01T10:00:00.000Z',
};

const open = (decide = vi.fn(() => [204, undefined] as const)) => {
  const fetch = stubApi({
    'GET /api/moderation/verifications': [200, { items: [item], count: 1 }],
    [`POST /api/moderation/verifications/${ID}`]: decide,
  });
  renderPage('/moderation/verifications', <VerificationQueuePage />, { me: buildMe({ role: 'moderator' }) });
  return fetch;
};

describe('VerificationQueuePage', () => {
  it('shows the selfie beside the pose asked and the profile photos, main photo first', async () => {
    open();
    const card = await screen.findByRole('article', { name: 'Grace' });
    const pictures = within(card).getAllByRole('img');
    expect(pictures.map((picture) => picture.getAttribute('alt'))).toEqual([
      'Selfie',
      'Pose asked',
      'Main photo',
      'Photo',
    ]);
    expect(pictures[0]!.getAttribute('src')).toBe(item.selfie);
    expect(pictures[1]!.getAttribute('src')).toBe('/poses/wave.svg');
    expect(pictures[2]!.getAttribute('src')).toContain('/api/media/p1/');
  });

  it('approves a request', async () => {
    const decide = vi.fn(() => [204, undefined] as const);
    open(decide);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decide).toHaveBeenCalledWith({ decision: 'approve' }, expect.any(String)));
  });

  it('refuses a request with the reason chosen from the list', async () => {
    const decide = vi.fn(() => [204, undefined] as const);
    open(decide);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Reason' }), 'not_same_person');
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    await waitFor(() =>
      expect(decide).toHaveBeenCalledWith(
        { decision: 'refuse', reason: 'not_same_person' },
        expect.any(String),
      ),
    );
  });

  it('says when nothing waits, and shows the failure of a queue the server refuses', async () => {
    const fetch = stubApi({ 'GET /api/moderation/verifications': [200, { items: [], count: 0 }] });
    const view = renderPage('/moderation/verifications', <VerificationQueuePage />, { me: buildMe() });
    expect(await screen.findByText('No verification waits.')).toBeTruthy();
    expect(calls(fetch)[0]).toContain('GET /api/moderation/verifications');
    view.unmount();
    stubApi({});
    renderPage('/moderation/verifications', <VerificationQueuePage />, { me: buildMe() });
    expect(await screen.findByText('Not found')).toBeTruthy();
  });
});
