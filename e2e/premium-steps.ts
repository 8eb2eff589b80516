/** The steps the Premium journeys share (premium.ts, premium-pending.ts). */
import type { Browser, Page } from 'playwright-core';
import { expect, locale, signedUpMember, type SignedUpMember } from './fixtures.ts';

const billing = locale('en', 'billing');

/** Kofi (a man) and Ama, who looks for women only: he does not fit her preferences. */
export async function kofiAndAma(browser: Browser, baseUrl: string) {
  const ama = await signedUpMember(browser, baseUrl, { firstName: 'Ama', sex: 'female', likes: ['female'] });
  const kofi = await signedUpMember(browser, baseUrl, { firstName: 'Kofi', sex: 'male', likes: ['female'] });
  return { ama, kofi };
}

/** Kofi opens a chat with Ama the way her profile's button does, and meets the paywall. */
export async function meetThePaywall(kofi: SignedUpMember, ama: SignedUpMember) {
  await kofi.page.goto(`/conversations?user=${ama.id}`);
  const dialog = kofi.page.getByRole('dialog', { name: billing('paywall.titleChat') });
  await dialog.waitFor();
  await dialog.getByText(billing('paywall.reason.UserPreferences'), { exact: true }).waitFor();
  return dialog;
}

/** From the dialog to the month's wizard: the dialog names the month, the least plan that reaches her. */
export async function toTheMonthWizard(page: Page, dialog: ReturnType<Page['getByRole']>, profile: string) {
  const month = billing('plan.title.month');
  await dialog.getByText(billing('paywall.reaches', { plan: month, name: 'Ama' }), { exact: true }).waitFor();
  await dialog.getByRole('link', { name: billing('paywall.getPlan', { plan: month }) }).click();
  await page.waitForURL(
    (url) => url.pathname.startsWith('/premium/subscribe/') && url.searchParams.get('profile') === profile,
  );
  await page.getByRole('heading', { level: 1, name: month }).waitFor();
}

/** Pays with mobile money from `phone`: the wizard's number step, then Pay. */
export async function payByMobileMoney(page: Page, phone: string) {
  await page.getByLabel(billing('form.phone')).fill(phone);
  await page.getByRole('button', { name: /^Pay CDF\s14,000$/ }).click();
}

/** The simulator's transaction of our payment `reference` (GET /api/dev/payments, outside production). */
export async function simOrderNumber(page: Page, reference: string): Promise<string> {
  const response = await page.request.get('/api/dev/payments');
  expect(response.status(), 'GET /api/dev/payments').toBe(200);
  const { payments } = (await response.json()) as { payments: { reference: string; orderNumber: string }[] };
  const found = payments.find((payment) => payment.reference === reference);
  if (!found) throw new Error(`the simulator has no payment ${reference}`);
  return found.orderNumber;
}
