import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * A newcomer through onboarding's three steps as the app shows them (a first name and a sex, the men
 * they want to meet, the photo's "Not now"), `at` telling the router's path.
 */
export async function onboard(user: ReturnType<typeof userEvent.setup>, at: () => string) {
  await waitFor(() => expect(at()).toBe('/settings/profile'));
  await user.type(await screen.findByLabelText(/^First name/), 'Zola');
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(at()).toBe('/settings/match'));
  await user.click(await screen.findByRole('checkbox', { name: 'Men' }));
  await user.click(screen.getByRole('button', { name: 'Start meeting people' }));
  await waitFor(() => expect(at()).toBe('/settings/photo'));
  await user.click(await screen.findByRole('button', { name: 'Not now' }));
}
