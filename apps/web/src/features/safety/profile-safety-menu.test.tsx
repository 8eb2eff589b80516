import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { Sex } from '@motema/shared/users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, jsonResponse, renderPage } from '../../test/render-page.tsx';
import { renderNotices } from './render-notices.tsx';
import { ProfileSafetyMenu } from './profile-safety-menu.tsx';
import { expectOneRow } from '../../test/dialog-row.ts';

// The French texts, read as the app reads them (JSON files are not part of the TypeScript project).
const frenchSafety = import.meta.glob<Record<string, unknown>>('../../locales/fr/safety.json', {
  eager: true,
  import: 'default',
})['../../locales/fr/safety.json']!;

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => void renderNotices());

const GRACE = '9b2f3c1e-5d4a-4b6c-8e7f-1a2b3c4d5e6f';

/** What the profile forgets of Grace once she is blocked (discovery's caches, in the app). */
const forgetBlocked = vi.fn();

function render(sex?: Sex | null) {
  forgetBlocked.mockReset();
  return renderPage(
    '/profile/:id',
    <>
      <h1>Grace&apos;s profile</h1>
      <ProfileSafetyMenu userId={GRACE} name="Grace" sex={sex} forgetBlocked={forgetBlocked} />
    </>,
    { url: `/profile/${GRACE}`, me: buildMe() },
  );
}

async function openBlockDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Safety options for Grace' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
  return screen.findByRole('dialog', { name: 'Block Grace?' });
}

describe('ProfileSafetyMenu', () => {
  it('offers to report, with a link to the report screen, and to block', async () => {
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('button', { name: 'Safety options for Grace' }));
    const report = await screen.findByRole('menuitem', { name: 'Report' });
    expect(report.getAttribute('href')).toBe(`/settings/report/profile/${GRACE}`);
    expect(screen.getByRole('menuitem', { name: 'Block' })).toBeTruthy();
  });

  it('explains what blocking does before doing it, and cancels without a call', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    render();
    const dialog = await openBlockDialog(user);
    expect(within(dialog).getByText(/no longer see each other anywhere on Motema/)).toBeTruthy();
    expect(within(dialog).getByText('If you are matched, the match ends.')).toBeTruthy();
    expect(within(dialog).getByText(/Grace is not told/)).toBeTruthy();
    expectOneRow(dialog, 'Cancel', 'Block Grace');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch).not.toHaveBeenCalled();
  });

  it('blocks, has the profile forget Grace, says so and goes home', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(204));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const { router, queryClient } = render();
    const dialog = await openBlockDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Block Grace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(fetch).toHaveBeenCalledWith('/api/blocks', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ user: GRACE });
    expect(forgetBlocked).toHaveBeenCalledExactlyOnceWith(queryClient, GRACE);
    expect(await screen.findByText('Grace is blocked. You will not see each other any more.')).toBeTruthy();
  });

  it('says why when blocking fails and stays on the profile', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(404, {
          statusCode: 404,
          code: 'user_not_found',
          message: 'This member is not available',
        }),
      ),
    );
    const user = userEvent.setup();
    const { router } = render();
    const dialog = await openBlockDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Block Grace' }));
    expect(await screen.findByText('Grace could not be blocked. This member is not available')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/profile/${GRACE}`);
    expect(forgetBlocked).not.toHaveBeenCalled();
  });

  describe('in French', () => {
    beforeEach(async () => {
      i18next.addResourceBundle('fr', 'safety', frenchSafety);
      await i18next.changeLanguage('fr');
    });
    afterEach(() => i18next.changeLanguage('en'));

    async function silentNote(sex: Sex | null) {
      const user = userEvent.setup();
      render(sex);
      await user.click(screen.getByRole('button', { name: 'Options de sécurité pour Grace' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Bloquer' }));
      const dialog = await screen.findByRole('dialog', { name: 'Bloquer Grace\u202f?' });
      return within(dialog).getByText(/^Grace n’/).textContent;
    }

    // "prévenu(e)" for everyone before: the member's sex, when known, picks the words.
    it.each([
      ['female', 'Grace n’est pas prévenue.'],
      ['male', 'Grace n’est pas prévenu.'],
      ['non_binary', 'Grace n’en saura rien.'],
      [null, 'Grace n’en saura rien.'],
    ] as const)('tells of a %s member in words that fit: "%s"', async (sex, words) => {
      expect(await silentNote(sex)).toMatch(new RegExp(`^${words}`));
    });
  });
});
