import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { REPORT_REASON_KEYS, REPORT_REASONS, REPORT_TEXT_MAX_LENGTH } from '@motema/shared/safety';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe, jsonResponse, renderPage } from '../../test/render-page.tsx';
import { renderNotices } from './render-notices.tsx';
import { ReportPage } from './report-page.tsx';
import { bodyOf, GRACE, PATH, render, send, stubFetch } from './report-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});
beforeEach(() => void renderNotices());

describe('ReportPage', () => {
  it('says the report is anonymous and asks for a reason before sending anything', async () => {
    const fetch = stubFetch(() => jsonResponse(201, { _id: 'r1' }));
    const user = userEvent.setup();
    render();
    expect(screen.getByText(/the member will not know who reported them/)).toBeTruthy();
    await user.click(send());
    expect(await screen.findByText('Please choose a reason')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the sub-reasons of the chosen reason and asks for one', async () => {
    const fetch = stubFetch(() => jsonResponse(201, { _id: 'r1' }));
    const user = userEvent.setup();
    render();
    expect(screen.queryByRole('radiogroup', { name: /What happened exactly/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Fake profile' }));
    const subReasons = screen.getByRole('radiogroup', { name: /What happened exactly/ });
    expect(
      within(subReasons)
        .getAllByRole('radio')
        .map((radio) => radio.textContent),
    ).toEqual([
      'Uses photos of someone I know',
      'Uses my photos',
      'Uses photos of a famous person',
      'Replies like a robot',
      'Lies about where they live',
      'Almost nothing on the profile',
      'Something else is fake',
    ]);
    await user.click(send());
    expect(await screen.findByText('Please say a little more about the reason')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('forgets the sub-reason when the reason changes', async () => {
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('radio', { name: 'Fake profile' }));
    await user.click(screen.getByRole('radio', { name: 'Uses my photos' }));
    await user.click(screen.getByRole('radio', { name: 'Scam or advertising' }));
    const subReasons = screen.getByRole('radiogroup', { name: /What happened exactly/ });
    expect(
      within(subReasons)
        .getAllByRole('radio')
        .every((radio) => radio.getAttribute('aria-checked') === 'false'),
    ).toBe(true);
  });

  it('sends the reason, sub-reason and text, thanks the member and goes back', async () => {
    const fetch = stubFetch(() => jsonResponse(201, { _id: 'r1' }));
    const user = userEvent.setup();
    const { router } = render();
    await user.click(screen.getByRole('radio', { name: 'Scam or advertising' }));
    await user.click(screen.getByRole('radio', { name: 'Asks for codes, passwords or bank details' }));
    await user.type(screen.getByLabelText(/Anything else our team should know/), '  Asked for my PIN  ');
    expect(screen.getByText('16 / 1000 characters')).toBeTruthy();
    await user.click(send());
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(fetch).toHaveBeenCalledWith('/api/reports', expect.objectContaining({ method: 'POST' }));
    expect(bodyOf(fetch)).toEqual({
      user: GRACE,
      reason: 'scam_or_commercial',
      subReason: 'asks_personal_details',
      text: 'Asked for my PIN',
    });
    expect(
      await screen.findByText('Thank you. Your report was sent and our team will review it.'),
    ).toBeTruthy();
  });

  it('offers to block the member too, as one step: the report, then the block, then one thank-you', async () => {
    const fetch = stubFetch(() => jsonResponse(201, { _id: 'r1' }));
    const user = userEvent.setup();
    const { router } = render();
    await user.click(screen.getByRole('radio', { name: 'Something else' }));
    await user.click(screen.getByRole('checkbox', { name: 'Block this member too' }));
    await user.click(send());
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(
      fetch.mock.calls.map(([url, init]) => [url, init?.method, JSON.parse(String(init?.body)).user]),
    ).toEqual([
      ['/api/reports', 'POST', GRACE],
      ['/api/blocks', 'POST', GRACE],
    ]);
    expect(
      await screen.findByText(
        'Thank you. Your report was sent, and this member is blocked: you will not see each other any more.',
      ),
    ).toBeTruthy();
  });

  it('has the cached lists forget the reported member once the report is stored, not before', async () => {
    let answer = () => jsonResponse(429, { statusCode: 429, code: 'too_many_requests', message: 'x' });
    stubFetch(() => answer());
    const forgetReported = vi.fn();
    const user = userEvent.setup();
    const { router, queryClient } = renderPage(PATH, <ReportPage forgetReported={forgetReported} />, {
      url: `/settings/report/profile/${GRACE}`,
      me: buildMe(),
    });
    await user.click(screen.getByRole('radio', { name: 'Something else' }));
    await user.click(send());
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(forgetReported).not.toHaveBeenCalled();

    answer = () => jsonResponse(201, { _id: 'r1' });
    await user.click(send());
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(forgetReported).toHaveBeenCalledTimes(1);
    expect(forgetReported).toHaveBeenCalledWith(queryClient, GRACE);
  });

  it.each(['post', 'photo', 'story'])(
    'names the %s the member was reporting (the screen that opened the form passes it along)',
    async (target) => {
      const TARGET = '7d1c6a52-3f0e-4b8a-9c21-5a4e2f1b0c01';
      const fetch = stubFetch(() => jsonResponse(201, { _id: 'r1' }));
      const user = userEvent.setup();
      const { router } = render();
      await act(() =>
        router.navigate(`/settings/report/profile/${GRACE}`, { state: { name: 'Grace', [target]: TARGET } }),
      );
      await user.click(screen.getByRole('radio', { name: 'Something else' }));
      await user.click(send());
      await waitFor(() => expect(fetch).toHaveBeenCalled());
      expect(bodyOf(fetch)).toEqual({
        user: GRACE,
        [target]: TARGET,
        reason: 'other',
        subReason: 'other',
        text: '',
      });
    },
  );

  it('reports a zone alone: its own words, no block offered, its own "already reported"', async () => {
    const ZONE = '0b5a7c3e-2d1f-4e6a-8b9c-3d2e1f0a4b5c';
    let status = 201;
    const fetch = stubFetch(() =>
      status === 201
        ? jsonResponse(201, { _id: 'r1' })
        : jsonResponse(409, { statusCode: 409, code: 'zone_already_reported', message: 'Already' }),
    );
    const user = userEvent.setup();
    const { router } = renderPage(PATH, <ReportPage />, {
      url: `/settings/report/zone/${ZONE}`,
      me: buildMe(),
    });
    expect(screen.getByRole('heading', { name: 'Report a zone' })).toBeTruthy();
    expect(screen.getByText(/the zone’s admins will not know who reported it/)).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: /Why are you reporting this zone/ })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Block/ })).toBeNull();
    // A group's reasons, not a person's.
    expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual([
      'Inappropriate photos or messages',
      'Scam or advertising',
      'Hate, threats or violence',
      'Its members may be under 18',
      'Something else',
    ]);
    await user.click(screen.getByRole('radio', { name: 'Its members may be under 18' }));
    expect(screen.getByRole('radio', { name: 'It says it is for people under 18' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Something else' }));
    await user.click(send());
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(bodyOf(fetch)).toEqual({ zone: ZONE, reason: 'other', subReason: 'other', text: '' });

    status = 409;
    await act(() => router.navigate(`/settings/report/zone/${ZONE}`));
    await user.click(screen.getByRole('radio', { name: 'Something else' }));
    await user.click(send());
    expect(
      await screen.findByText('You have already reported this zone. Our team is looking into it.'),
    ).toBeTruthy();
  });

  it('needs no sub-reason choice for "Something else"', async () => {
    const fetch = stubFetch(() => jsonResponse(201, { _id: 'r1' }));
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('radio', { name: 'Something else' }));
    expect(screen.queryByRole('radiogroup', { name: /What happened exactly/ })).toBeNull();
    await user.click(send());
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(bodyOf(fetch)).toEqual({ user: GRACE, reason: 'other', subReason: 'other', text: '' });
  });

  it('refuses a text over the limit before sending, counting it in red', async () => {
    const fetch = stubFetch(() => jsonResponse(201, { _id: 'r1' }));
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('radio', { name: 'Something else' }));
    await user.click(screen.getByLabelText(/Anything else our team should know/));
    await user.paste('a'.repeat(REPORT_TEXT_MAX_LENGTH + 1));
    expect(screen.getByText('1001 / 1000 characters')).toBeTruthy();
    await user.click(send());
    expect(await screen.findByText('Must not exceed 1000 characters')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says clearly when the member was already reported, and stays', async () => {
    stubFetch(() =>
      jsonResponse(409, { statusCode: 409, code: 'report_already_open', message: 'Already reported' }),
    );
    const user = userEvent.setup();
    const { router } = render();
    await user.click(screen.getByRole('radio', { name: 'Something else' }));
    await user.click(send());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You have already reported this member. Our team is looking into it.',
    );
    expect(router.state.location.pathname).toBe(`/settings/report/profile/${GRACE}`);
  });

  it('shows the server’s field issues under their fields', async () => {
    stubFetch(() =>
      jsonResponse(400, {
        statusCode: 400,
        code: 'validation_failed',
        message: 'Some fields are not valid',
        issues: [
          { path: 'text', code: 'max_length', count: 1000, message: 'Must not exceed 1000 characters' },
        ],
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('radio', { name: 'Something else' }));
    await user.click(send());
    expect(await screen.findByText('Must not exceed 1000 characters')).toBeTruthy();
  });

  it('shows no form for an id that cannot be a member', () => {
    const fetch = stubFetch(() => jsonResponse(201, { _id: 'r1' }));
    render('not-a-member');
    expect(screen.getByText('This member is not available.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the report' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows no form for an address that names neither a profile nor a zone', () => {
    stubFetch(() => jsonResponse(201, { _id: 'r1' }));
    renderPage(PATH, <ReportPage />, { url: `/settings/report/post/${GRACE}`, me: buildMe() });
    expect(screen.getByText('This member is not available.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the report' })).toBeNull();
  });

  it('has a text for every reason and sub-reason', () => {
    for (const reason of REPORT_REASON_KEYS) {
      expect(i18next.exists(`safety:report.reasons.${reason}`), reason).toBe(true);
      for (const subReason of REPORT_REASONS[reason]) {
        const key = `safety:report.subReasons.${reason}.${subReason}`;
        expect(i18next.exists(key), key).toBe(true);
      }
    }
  });
});
