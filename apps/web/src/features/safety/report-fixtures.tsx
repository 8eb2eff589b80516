import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { ReportPage } from './report-page.tsx';

/** The report page's tests: a member to report, the page's route, and its Send button. */
export const GRACE = '9b2f3c1e-5d4a-4b6c-8e7f-1a2b3c4d5e6f';
export const PATH = '/settings/report/:kind/:id';

/** The report page of member `id`, opened by a signed-in member. */
export function render(id = GRACE) {
  return renderPage(PATH, <ReportPage />, { url: `/settings/report/profile/${id}`, me: buildMe() });
}

export function stubFetch(answer: () => Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The JSON body of the first request. */
export const bodyOf = (fetch: ReturnType<typeof stubFetch>) =>
  JSON.parse(String(fetch.mock.calls[0]?.[1]?.body));
export const send = () => screen.getByRole('button', { name: 'Send the report' });
