import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page.tsx';
import { stubApi } from '../zones/zones-fixtures.ts';
import { AppealPage } from './appeal-page.tsx';
import { buildAppealView } from './moderation-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const APPEAL = '/api/appeals/tok1';
// Signed out: a banned member has no session.
const render = () => renderPage('/appeal/:token', <AppealPage />, { url: '/appeal/tok1', me: null });
const refusal = (status: number, code: string) =>
  [status, { statusCode: status, code, message: code }] as const;

async function appeal(text = 'I never asked anyone for money') {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: /Why should this decision change/ }), text);
  await user.click(screen.getByRole('button', { name: 'Send my appeal' }));
}

describe('AppealPage', () => {
  it('shows the decision, the rule in words, the message, until when, and the deadline', async () => {
    stubApi({
      [`GET ${APPEAL}`]: [
        200,
        buildAppealView({
          notice: { ...buildAppealView().notice, action: 'suspend', until: '2027-01-15T10:00:00.000Z' },
        }),
      ],
    });
    render();
    expect(await screen.findByText('Your account is suspended')).toBeTruthy();
    expect(screen.getByText('Community rule: Scam')).toBeTruthy();
    expect(screen.getByText('Until January 15, 2027')).toBeTruthy();
    expect(screen.getByText('Our team’s message: You asked members for money.')).toBeTruthy();
    expect(screen.getByText('You can appeal until December 21, 2099.')).toBeTruthy();
  });

  it('sends the appeal and shows it sent', async () => {
    const fetch = stubApi({
      [`GET ${APPEAL}`]: [200, buildAppealView()],
      [`POST ${APPEAL}`]: (body) => [
        201,
        buildAppealView({
          appeal: { text: (body as { text: string }).text, createdAt: '2026-12-02T10:00:00.000Z' },
        }),
      ],
    });
    render();
    await appeal();
    expect(await screen.findByText('Appeal sent on December 2, 2026')).toBeTruthy();
    expect(screen.getByText('I never asked anyone for money')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send my appeal' })).toBeNull();
    const [, init] = fetch.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({ text: 'I never asked anyone for money' });
  });

  it('asks for a text before sending anything', async () => {
    const fetch = stubApi({ [`GET ${APPEAL}`]: [200, buildAppealView()] });
    render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send my appeal' }));
    expect(await screen.findByText('Say why the decision should change')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it.each([
    [409, 'appeal_already_made', 'You have already appealed this decision'],
    [410, 'appeal_too_late', 'The time to appeal this decision is over'],
  ])('says a %i refusal in words', async (status, code, text) => {
    stubApi({ [`GET ${APPEAL}`]: [200, buildAppealView()], [`POST ${APPEAL}`]: refusal(status, code) });
    render();
    await appeal();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));
  });

  it('says an unknown link is not valid', async () => {
    stubApi({ [`GET ${APPEAL}`]: refusal(404, 'not_found') });
    render();
    expect(await screen.findByText(/This appeal link is not valid/)).toBeTruthy();
  });

  it('takes no appeal past the deadline', async () => {
    stubApi({ [`GET ${APPEAL}`]: [200, buildAppealView({ deadline: '2020-01-01T00:00:00.000Z' })] });
    render();
    expect(await screen.findByText('The time to appeal this decision is over')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
