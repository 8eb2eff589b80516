import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { stubApi } from '../zones/zones-fixtures.ts';
import { CasePage } from './case-page.tsx';
import { buildDetail, CASE_ID, REPORTER_ID } from './moderation-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const ACTIONS = `POST /api/moderation/cases/${CASE_ID}/actions`;
const render = () =>
  renderPage('/moderation/case/:id', <CasePage />, {
    url: `/moderation/case/${CASE_ID}`,
    me: buildMe({ role: 'moderator' }),
  });

/** Picks `option` in the select labelled `label`. */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.selectOptions(await screen.findByRole('combobox', { name: label }), option);
}

describe('CasePage', () => {
  it('shows what was reported, the member, and each report with its reporter', async () => {
    stubApi({ [`GET /api/moderation/cases/${CASE_ID}`]: [200, buildDetail()] });
    render();
    const snapshot = await screen.findByRole('region', { name: 'As reported' });
    expect(within(snapshot).getByText('Send me money for the ticket')).toBeTruthy();
    expect(within(snapshot).getByRole('img', { name: 'Picture 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/moderation/member/a1');
    const reports = screen.getByRole('region', { name: '1 report' });
    expect(reports.textContent).toContain('Asks for money, mobile money or gifts');
    expect(reports.textContent).toContain('@grace · account 400 days old · 4 upheld, 1 dismissed');
  });

  it('asks for the days of a suspension before sending, then sends them', async () => {
    const fetch = stubApi({
      [`GET /api/moderation/cases/${CASE_ID}`]: [200, buildDetail()],
      [ACTIONS]: [200, buildDetail({ state: 'closed' })],
    });
    const user = userEvent.setup();
    render();
    await choose(user, 'Action', 'Suspend');
    await choose(user, 'Rule broken', 'Scam');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Say for how many days')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Days' }), '7');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByText('This case is closed.')).toBeTruthy());
    const [, init] = fetch.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      action: 'suspend',
      rule: 'scam',
      days: 7,
      note: '',
      message: '',
    });
  });

  it('asks before a ban, and sends nothing when the moderator cancels', async () => {
    const fetch = stubApi({
      [`GET /api/moderation/cases/${CASE_ID}`]: [200, buildDetail()],
      [ACTIONS]: [200, buildDetail({ state: 'closed' })],
    });
    const user = userEvent.setup();
    render();
    await choose(user, 'Action', 'Ban');
    await choose(user, 'Rule broken', 'Fake profile');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban this member?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
  });

  it('picks the reporter to mute among the case’s reporters', async () => {
    const fetch = stubApi({
      [`GET /api/moderation/cases/${CASE_ID}`]: [200, buildDetail()],
      [ACTIONS]: [200, buildDetail({ state: 'closed' })],
    });
    const user = userEvent.setup();
    render();
    await choose(user, 'Action', 'Mute a reporter');
    await choose(user, 'Rule broken', 'Spam');
    await user.type(screen.getByRole('textbox', { name: 'Days' }), '30');
    await choose(user, 'Reporter to mute', '@grace');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetch.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      action: 'mute_reporter',
      days: 30,
      reporter: REPORTER_ID,
    });
  });

  it('says the server’s refusal in words', async () => {
    stubApi({
      [`GET /api/moderation/cases/${CASE_ID}`]: [200, buildDetail()],
      [ACTIONS]: [409, { statusCode: 409, code: 'case_closed', message: 'This case is closed' }],
    });
    const user = userEvent.setup();
    render();
    await choose(user, 'Action', 'Warn');
    await choose(user, 'Rule broken', 'Harassment');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This case is closed');
  });

  it('says that a case about the moderator is for another moderator', async () => {
    const refusal = { statusCode: 403, code: 'case_about_yourself', message: 'This case is about you' };
    stubApi({
      [`GET /api/moderation/cases/${CASE_ID}`]: [200, buildDetail()],
      [ACTIONS]: [403, refusal],
    });
    const user = userEvent.setup();
    render();
    await choose(user, 'Action', 'Dismiss');
    await choose(user, 'Rule broken', 'Other');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This case is about you: another moderator must decide on it',
    );
  });

  it('says that a case the moderator reported is for another moderator, offering no decision', async () => {
    const detail = buildDetail({ actionable: false });
    const mine = {
      ...detail.reports[0]!,
      _id: 'r2',
      reporter: { ...detail.reports[0]!.reporter, _id: 'u1' },
    };
    stubApi({
      [`GET /api/moderation/cases/${CASE_ID}`]: [200, { ...detail, reports: [...detail.reports, mine] }],
    });
    render();
    expect(
      await screen.findByText('You reported this case: another moderator must decide on it'),
    ).toBeTruthy();
    expect(screen.queryByText(/You took the decision under appeal/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('offers no Take on a case the moderator reported, where taking it is refused', async () => {
    const detail = buildDetail({ actionable: false, assignee: null });
    const mine = {
      ...detail.reports[0]!,
      _id: 'r2',
      reporter: { ...detail.reports[0]!.reporter, _id: 'u1' },
    };
    stubApi({
      [`GET /api/moderation/cases/${CASE_ID}`]: [200, { ...detail, reports: [...detail.reports, mine] }],
    });
    render();
    expect(
      await screen.findByText('You reported this case: another moderator must decide on it'),
    ).toBeTruthy();
    expect(screen.getByText('Not taken')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hand back' })).toBeNull();
  });

  it('offers Take on a case someone else reported', async () => {
    stubApi({ [`GET /api/moderation/cases/${CASE_ID}`]: [200, buildDetail({ assignee: null })] });
    render();
    expect(await screen.findByRole('button', { name: 'Take' })).toBeTruthy();
  });

  it('says the refusal of a case the moderator reported in words', async () => {
    const refusal = { statusCode: 403, code: 'case_you_reported', message: 'You reported this case' };
    stubApi({
      [`GET /api/moderation/cases/${CASE_ID}`]: [200, buildDetail()],
      [ACTIONS]: [403, refusal],
    });
    const user = userEvent.setup();
    render();
    await choose(user, 'Action', 'Dismiss');
    await choose(user, 'Rule broken', 'Other');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You reported this case: another moderator must decide on it',
    );
  });

  it('offers no action on the appeal of the moderator’s own decision, and shows the appeal', async () => {
    stubApi({
      [`GET /api/moderation/cases/${CASE_ID}`]: [
        200,
        buildDetail({
          appealed: true,
          actionable: false,
          appeal: { text: 'I never asked for money', createdAt: '2026-12-02T09:00:00.000Z' },
        }),
      ],
    });
    render();
    expect(await screen.findByText('I never asked for money')).toBeTruthy();
    expect(
      screen.getByText('You took the decision under appeal: another moderator decides on it.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('says to staff that a case does not exist', async () => {
    stubApi({});
    const { router } = render();
    expect(await screen.findByText('Nothing here: this case or member does not exist.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/moderation/case/${CASE_ID}`);
  });
});
