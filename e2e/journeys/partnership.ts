/**
 * The partnership on phones (360x740), against the real server and the FlexPay simulator it starts
 * (issue 29): Nadia joins the programme at /premium/partnership and copies her invitation link; Tresor
 * opens it, registers, confirms his e-mail by the mail's link, onboards and buys the month of Premium
 * with the simulator's magic payer (243990000001, approved 2 s later); Nadia sees him among the people
 * who joined through her, his payment's share in her balances, and the share in her journals.
 * She proves her withdrawal number (the small payment approved on /dev/payments) and, the hold being
 * 0 days on the e2e server (PARTNERSHIP_HOLD_DAYS, e2e/runner/server.mjs), withdraws it: the payout
 * approved on /dev/payments, the success said.
 * Labels are read from the app's own translation files.
 */
import type { Page } from 'playwright-core';
import {
  expect,
  expectHeading,
  field,
  journey,
  linkIn,
  locale,
  newMemberPage,
  readOutbox,
  shot,
  signedUpMember,
  uniqueMember,
  waitForPath,
  type Journey,
} from '../fixtures.ts';
import { plainText } from '../texts.ts';
import { payByMobileMoney } from '../premium-steps.ts';

const partnership = locale('en', 'partnership');
const auth = locale('en', 'auth');
const settings = locale('en', 'settings');
const billing = locale('en', 'billing');

/** The simulator's magic payer approved 2 s after the push (packages/flexpay-sim, PAYMENTS.md A5). */
const APPROVED_PAYER = '243990000001';
/** The month's price in CDF minor units (the catalogue's 14,000 FC) and the default 10 % share of it. */
const MONTH_CDF_MINOR = 1_400_000;
const SHARE_MINOR = MONTH_CDF_MINOR / 10;

/** Nadia's withdrawal number as she types it, and as FlexPay's simulator shows it. */
const PAYOUT_NUMBER_TYPED = '081 555 0123';
const PAYOUT_NUMBER = '243815550123';

/**
 * Approves the pending collection from Nadia's number, or payout to it, as its holder (or the
 * operator) would: what Approve on /dev/payments does, through the JSON twin of that page (the page
 * itself refreshes every 5 s, which axe refuses, meta-refresh).
 */
async function approveAtFlexpay(page: Page, kind: 'collection' | 'payout') {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const listed = await page.request.get('/api/dev/payments');
    expect(listed.status(), 'GET /api/dev/payments').toBe(200);
    const { payments } = (await listed.json()) as {
      payments: { orderNumber: string; kind: string; phone: string | null; status: string }[];
    };
    const pending = payments.find(
      (tx) => tx.kind === kind && tx.phone === PAYOUT_NUMBER && tx.status === '2',
    );
    if (pending) {
      const approved = await page.request.post(`/api/dev/payments/${pending.orderNumber}/approve`);
      expect(approved.status(), `approve the ${kind}`).toBe(200);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no ${kind} of ${PAYOUT_NUMBER} waits at FlexPay`);
    await page.waitForTimeout(300);
  }
}

const referral = journey(
  'a partner shares the link, a new member registers through it and buys Premium, the partner sees the share in the journal, proves a number and withdraws',
  async ({ browser, baseUrl, log }) => {
    const nadia = await signedUpMember(browser, baseUrl, {
      firstName: 'Nadia',
      sex: 'female',
      likes: ['male'],
    });
    await nadia.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

    // Nadia joins the programme and copies her link.
    await nadia.page.goto('/premium/partnership');
    await expectHeading(nadia.page, partnership('title'));
    await nadia.page.getByRole('heading', { name: partnership('join.title') }).waitFor();
    await shot(nadia.page, 'partnership-01-join');
    await nadia.page.getByRole('button', { name: partnership('join.submit'), exact: true }).click();
    const linkField = nadia.page.getByRole('textbox', { name: partnership('share.link'), exact: true });
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link, 'the invitation link').toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\S+$/);
    await nadia.page.getByText(partnership('children.none'), { exact: true }).waitFor();
    await nadia.page.getByText(partnership('journals.none'), { exact: true }).waitFor();
    await shot(nadia.page, 'partnership-02-joined');
    await nadia.page.getByRole('button', { name: partnership('share.button'), exact: true }).click();
    await nadia.page.getByText(partnership('share.copied'), { exact: true }).waitFor();
    expect(await nadia.page.evaluate(() => navigator.clipboard.readText()), 'the link copied').toBe(link);
    await shot(nadia.page, 'partnership-03-link-copied');
    log(`Nadia joined and copied her link: ${new URL(link).pathname}${new URL(link).search}`);

    // Tresor opens the link on his own phone and registers through it.
    const tresor = { ...uniqueMember(), firstName: 'Tresor' };
    const page = await newMemberPage(browser);
    await page.goto(link);
    await waitForPath(page, '/register');
    await expectHeading(page, auth('register.title'));
    const code = /[A-Z0-9]{4,}$/.exec(link)?.[0] ?? '';
    await page.getByText(auth('register.invitedBy', { code }), { exact: true }).waitFor();
    await field(page, auth('fields.username')).fill(tresor.username);
    await field(page, auth('fields.email')).fill(tresor.email);
    await field(page, auth('fields.password')).fill(tresor.password);
    await field(page, auth('register.dateOfBirth')).fill(tresor.dateOfBirth);
    await page.getByLabel(plainText(auth('register.acceptTerms')), { exact: true }).check();
    await shot(page, 'partnership-04-register-invited');
    await page.getByRole('button', { name: auth('register.submit'), exact: true }).click();
    await waitForPath(page, '/otp', { email: tresor.email });
    const confirmation = await readOutbox(baseUrl, tresor.email, { match: /\/otp\?token=/ });
    await page.goto(linkIn(confirmation, '/otp?token='));
    await waitForPath(page, '/settings/profile');
    await field(page, settings('profile.firstName')).fill(tresor.firstName);
    await page.getByRole('radio', { name: settings('sex.male'), exact: true }).check();
    await page.getByRole('button', { name: settings('profile.continue'), exact: true }).click();
    await waitForPath(page, '/settings/match');
    await page.getByRole('checkbox', { name: settings('match.sex.female'), exact: true }).check();
    await page.getByRole('button', { name: settings('match.start'), exact: true }).click();
    await waitForPath(page, '/settings/photo');
    await page.getByRole('button', { name: settings('photo.skip'), exact: true }).click();
    await waitForPath(page, '/home');
    log('Tresor registered through the link, confirmed his e-mail and onboarded');

    // He buys the month with mobile money.
    await page.goto('/premium');
    await page.getByRole('heading', { level: 1, name: billing('list.title') }).waitFor();
    const month = billing('plan.title.month');
    await page.getByRole('link', { name: billing('plan.subscribeTo', { plan: month }) }).click();
    await page.getByRole('heading', { level: 1, name: month }).waitFor();
    await payByMobileMoney(page, APPROVED_PAYER);
    await page.getByRole('link', { name: billing('outcome.mySubscriptions') }).waitFor({ timeout: 30_000 });
    await shot(page, 'partnership-05-child-paid');
    log('Tresor paid the month: 14,000 FC');

    // Nadia sees him, his payment's share, and the share in her journals.
    const overview = await nadia.page.request.get('/api/partnership');
    expect(overview.status(), 'GET /api/partnership').toBe(200);
    const { balances } = (await overview.json()) as {
      balances: { currency: string; pending: number; available: number; revenue: number }[];
    };
    // Held 0 days on the e2e server: the share may be released already, from on hold to available.
    const cdf = balances.find((balance) => balance.currency === 'CDF');
    expect(cdf && [cdf.revenue, cdf.pending + cdf.available], 'the share earned (CDF minor units)').toEqual([
      SHARE_MINOR,
      SHARE_MINOR,
    ]);
    await nadia.page.goto('/premium/partnership');
    await nadia.page
      .getByRole('heading', { name: partnership('children.title_one', { count: '1' }) })
      .waitFor();
    await nadia.page.getByText(tresor.firstName, { exact: true }).first().waitFor();
    await nadia.page.getByText(partnership('journals.kind.commission'), { exact: true }).first().waitFor();
    await shot(nadia.page, 'partnership-06-child-and-share');
    await nadia.page.getByRole('link', { name: partnership('journals.all'), exact: true }).click();
    await expectHeading(nadia.page, partnership('journals.title'));
    await nadia.page.getByText(partnership('journals.kind.commission'), { exact: true }).waitFor();
    await nadia.page
      .getByText(partnership('journals.fromChild', { name: tresor.firstName }))
      .first()
      .waitFor();
    await shot(nadia.page, 'partnership-07-journals');
    log('Nadia sees Tresor, 1,400 FC earned, and the share in her journals');

    // Nadia proves a number: the small payment approved at FlexPay, as its holder would on the phone.
    await nadia.page.goto('/premium/withdrawal/account');
    await expectHeading(nadia.page, partnership('account.title'));
    await field(nadia.page, partnership('account.phone')).fill(PAYOUT_NUMBER_TYPED);
    await field(nadia.page, partnership('account.password')).fill(nadia.password);
    await shot(nadia.page, 'partnership-08-account');
    await nadia.page.getByRole('button', { name: partnership('account.save'), exact: true }).click();
    await nadia.page.getByText(partnership('account.proving.title'), { exact: true }).waitFor();
    await shot(nadia.page, 'partnership-09-proving');
    await approveAtFlexpay(nadia.page, 'collection');
    await nadia.page.getByRole('button', { name: partnership('account.verify'), exact: true }).click();
    await nadia.page.getByText(partnership('account.status.proven'), { exact: true }).waitFor();
    await shot(nadia.page, 'partnership-10-proven');
    log('Nadia proved her number: the small payment approved as on /dev/payments');

    // No hold on the e2e server (PARTNERSHIP_HOLD_DAYS=0): the share is available; she withdraws it all.
    await nadia.page.goto('/premium/withdrawal');
    await expectHeading(nadia.page, partnership('withdraw.title'));
    await nadia.page.getByText(partnership('withdraw.submit'), { exact: true }).waitFor();
    await shot(nadia.page, 'partnership-11-withdrawal');
    await nadia.page.getByRole('button', { name: partnership('withdraw.submit'), exact: true }).click();
    // The payout to an ordinary number waits at FlexPay (on /dev/payments) until approved.
    await approveAtFlexpay(nadia.page, 'payout');
    await nadia.page
      .getByText(partnership('withdraw.success.title'), { exact: true })
      .waitFor({ timeout: 30_000 });
    await shot(nadia.page, 'partnership-12-withdrawn');
    log('Nadia withdrew her share: paid to her number');
  },
  { timeoutMs: 240_000 },
);

export const journeys: Journey[] = [referral];
