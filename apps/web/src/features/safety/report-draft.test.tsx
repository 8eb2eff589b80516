import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render-page.tsx';
import { renderNotices } from './render-notices.tsx';
import { bodyOf, render, send, stubFetch } from './report-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});
beforeEach(() => void renderNotices());

/** A report sent offline outlives a reload before the phone is back online (use-report-form.ts). */
describe('the report form’s draft', () => {
  it('keeps the reason, sub-reason and text through a reload until the report is sent', async () => {
    const fetch = stubFetch(() => jsonResponse(201, { _id: 'r1' }));
    const user = userEvent.setup();
    const first = render();
    await user.click(screen.getByRole('radio', { name: 'Scam or advertising' }));
    await user.click(screen.getByRole('radio', { name: 'Asks for codes, passwords or bank details' }));
    await user.type(screen.getByLabelText(/Anything else our team should know/), 'Asked for my PIN');
    // Sent while offline, the page reloads before the phone is back online: drawn again from nothing.
    first.unmount();

    render();
    const chosen = (name: string) => screen.getByRole('radio', { name }).getAttribute('aria-checked');
    expect(chosen('Scam or advertising')).toBe('true');
    expect(chosen('Asks for codes, passwords or bank details')).toBe('true');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/Anything else our team should know/).value).toBe(
      'Asked for my PIN',
    );
    await user.click(send());
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(bodyOf(fetch)).toMatchObject({ reason: 'scam_or_commercial', text: 'Asked for my PIN' });
    await waitFor(() => expect(sessionStorage.length).toBe(0));
  });
});
