/**
 * A payment that waits, on a phone (360x740): Kofi starts the month with a number whose phone never
 * rings, starts again with another, and is told which payment waits (amount, masked number) with
 * Cancel and Keep waiting; he cancels, the new payment starts, and the first request, approved on the
 * phone after all, still gives him his pass (decision 0035). In My payments the new one has its own
 * cancel. Labels are read from the app's own translation files.
 */
import { expect, journey, locale, shot, type Journey } from '../fixtures.ts';
import { pollUntil } from '../poll-until.ts';
import {
  kofiAndAma,
  meetThePaywall,
  payByMobileMoney,
  simOrderNumber,
  toTheMonthWizard,
} from '../premium-steps.ts';

const billing = locale('en', 'billing');

const cancelPending = journey(
  'a second payment while one waits says which one, and cancelling it lets the new one start; the old one is still honoured',
  async ({ browser, baseUrl, log }) => {
    const { ama, kofi } = await kofiAndAma(browser, baseUrl);
    const dialog = await meetThePaywall(kofi, ama);
    await toTheMonthWizard(kofi.page, dialog, ama.id);
    const wizard = kofi.page.url();
    // Numbers that are not magic ones wait for a hand's approval, as a phone's PIN would give it.
    await payByMobileMoney(kofi.page, '0812345678');
    await kofi.page.getByRole('heading', { name: billing('process.mobileTitle') }).waitFor();
    await kofi.page.waitForURL((url) => url.searchParams.has('reference'));
    const first = new URL(kofi.page.url()).searchParams.get('reference')!;
    log('a first payment waits for approval on 081 234 5678');

    // The phone never rang: he starts again from the wizard with another number.
    await kofi.page.goto(wizard);
    await payByMobileMoney(kofi.page, '0812345679');
    const notice = kofi.page.getByRole('alert').filter({ hasText: billing('pending.title') });
    await notice.getByText(/CDF\s14,000 is already waiting for approval on 243•+678\.$/).waitFor();
    await shot(kofi.page, 'premium-17-payment-waiting');
    log(
      'the second start is refused: the payment waiting is named, with its number, Cancel and Keep waiting',
    );

    await notice.getByRole('button', { name: billing('pending.cancel') }).click();
    await kofi.page.getByRole('heading', { name: billing('process.mobileTitle') }).waitFor();
    await kofi.page.getByText(/243•+679/).waitFor();
    log('cancelled: the new payment starts on 081 234 5679');

    // The first request is approved on the phone after all: honoured, a pass granted.
    const approved = await kofi.page.request.post(
      `/api/dev/payments/${await simOrderNumber(kofi.page, first)}/approve`,
    );
    expect(approved.status(), 'the payer approves the cancelled request').toBe(200);
    const passes = await pollUntil(
      async () =>
        ((await (await kofi.page.request.get('/api/user-subscriptions')).json()) as { count: number }).count,
      (count) => count === 1,
      { timeoutMs: 30_000 },
    );
    expect(passes, 'passes once the cancelled request is approved').toBe(1);
    log('the cancelled payment, approved later, still gives the pass');

    // My payments: the new one waiting has its own cancel.
    await kofi.page.goto('/premium/subscriptions');
    const history = kofi.page.getByRole('region', { name: billing('history.title') });
    await history.getByText(billing('history.status.SUCCESS'), { exact: true }).waitFor();
    await history.getByRole('button', { name: billing('pending.cancel') }).click();
    await history.getByText(billing('history.status.CANCELLED'), { exact: true }).waitFor();
    await history.getByText(billing('reason.member_cancelled'), { exact: true }).waitFor();
    await shot(kofi.page, 'premium-18-payment-cancelled');
    log('in My payments, the waiting payment is cancelled: its words say a late approval is credited');
  },
  { timeoutMs: 180_000 },
);

export const journeys: Journey[] = [cancelPending];
