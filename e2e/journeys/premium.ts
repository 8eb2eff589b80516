/**
 * Premium on phones (360x740), against the real server and the FlexPay simulator it starts: Kofi
 * writes to Ama, who looks for women only, and meets the paywall (UserPreferences); the
 * payment-required dialog says why and which plan reaches her (the month), and leads to its wizard; he
 * pays the month with mobile money (the simulator's magic payer 243990000001, approved 2 s later),
 * comes back to the chat and the message goes through. A declined payment (243990000002) says so and
 * charges nothing; a card payment goes through the provider's hosted page (the simulator's checkout)
 * and back (a payment cancelled while it waits: premium-pending.ts).
 * Labels are read from the app's own translation files.
 */
import type { Page } from 'playwright-core';
import {
  expect,
  journey,
  locale,
  newMemberPage,
  shot,
  signedUpMember,
  type Journey,
  type SignedUpMember,
} from '../fixtures.ts';
import {
  kofiAndAma,
  meetThePaywall,
  payByMobileMoney,
  simOrderNumber,
  toTheMonthWizard,
} from '../premium-steps.ts';

const billing = locale('en', 'billing');
const thread = locale('en', 'thread');

/** The simulator's magic payers (packages/flexpay-sim, PAYMENTS.md A5). */
const APPROVED_PAYER = '243990000001';
const DECLINING_PAYER = '243990000002';
/** The simulator's card that is approved. */
const APPROVED_CARD = '5555 5555 5555 4444';

/** Every message of the conversation as the server holds it for this member. */
async function storedTexts(member: SignedUpMember, conversationId: string): Promise<(string | null)[]> {
  const response = await member.page.request.get(`/api/conversations/${conversationId}/messages?limit=200`);
  expect(response.status(), 'GET messages').toBe(200);
  return ((await response.json()) as { messages: { text: string | null }[] }).messages.map((m) => m.text);
}

/** Back in the chat after paying: Kofi writes, and the server stores it for Ama to read. */
async function theMessageGoesThrough(kofi: SignedUpMember, ama: SignedUpMember, text: string) {
  await kofi.page.getByRole('link', { name: billing('outcome.backToConversation') }).click();
  await kofi.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversationId = new URL(kofi.page.url()).pathname.split('/').pop()!;
  await kofi.page.getByLabel(thread('composer.label'), { exact: true }).fill(text);
  await kofi.page.getByRole('button', { name: thread('composer.send'), exact: true }).click();
  await kofi.page.getByText(text, { exact: true }).waitFor();
  await kofi.page.getByLabel(thread('bubble.sending'), { exact: true }).waitFor({ state: 'detached' });
  expect(await storedTexts(ama, conversationId), 'Ama’s copy of the chat').toEqual([text]);
}

/** The same member's session on a desktop-sized screen, for the wide layout's pictures. */
async function onDesktop(member: SignedUpMember): Promise<Page> {
  const page = await newMemberPage(member.page.context().browser()!, {
    viewport: { width: 1280, height: 800 },
    storageState: await member.page.context().storageState(),
  });
  return page;
}

const mobileMoney = journey(
  'a member meets the paywall in a chat, subscribes with mobile money, and the message goes through',
  async ({ browser, baseUrl, log }) => {
    const { ama, kofi } = await kofiAndAma(browser, baseUrl);
    const dialog = await meetThePaywall(kofi, ama);
    await shot(kofi.page, 'premium-01-paywall-dialog');
    log(
      'the chat start is refused: the dialog names the reason, the paid way first, the free ways beside it',
    );

    await toTheMonthWizard(kofi.page, dialog, ama.id);
    await shot(kofi.page, 'premium-02-wizard-mobile');
    await payByMobileMoney(kofi.page, APPROVED_PAYER);
    await kofi.page.getByRole('heading', { name: billing('process.mobileTitle') }).waitFor();
    await shot(kofi.page, 'premium-03-approve-on-phone');
    log('the payment started: approve on your phone, with a live status');

    await kofi.page
      .getByRole('link', { name: billing('outcome.mySubscriptions') })
      .waitFor({ timeout: 30_000 });
    await shot(kofi.page, 'premium-04-success');
    log('the simulator approved it: payment received');

    await theMessageGoesThrough(kofi, ama, 'Mbote Ama! I loved your photos from Kisangani.');
    log('back in the chat, the message goes through');

    await kofi.page.goto('/premium/subscriptions');
    await kofi.page.getByText(billing('passes.state.running'), { exact: true }).waitFor();
    await kofi.page.getByText(billing('history.status.SUCCESS'), { exact: true }).waitFor();
    await shot(kofi.page, 'premium-05-subscriptions');
    const desktop = await onDesktop(kofi);
    await desktop.goto('/premium');
    await desktop.getByRole('heading', { level: 1, name: billing('list.title') }).waitFor();
    // "Most chosen" shows from 30 passes bought on (plans.service.ts): not in a fresh database.
    await desktop.getByText(billing('plan.title.quarter'), { exact: true }).waitFor();
    await shot(desktop, 'premium-06-plans-desktop');
    await desktop.goto('/premium/subscriptions');
    await desktop.getByText(billing('passes.state.running'), { exact: true }).waitFor();
    await shot(desktop, 'premium-07-subscriptions-desktop');
    log('the pass and the payment are listed');
  },
  { timeoutMs: 180_000 },
);

const declined = journey(
  'a declined mobile money payment says why, charges nothing, and the message stays refused',
  async ({ browser, baseUrl, log }) => {
    const { ama, kofi } = await kofiAndAma(browser, baseUrl);
    const dialog = await meetThePaywall(kofi, ama);
    await toTheMonthWizard(kofi.page, dialog, ama.id);
    await payByMobileMoney(kofi.page, DECLINING_PAYER);
    await kofi.page.getByText(billing('reason.declined'), { exact: true }).waitFor({ timeout: 30_000 });
    await shot(kofi.page, 'premium-08-declined');
    expect(
      await kofi.page.getByRole('link', { name: billing('outcome.backToConversation') }).count(),
      'a way back as if paid',
    ).toBe(0);
    log('declined on the phone: the reason is said, nothing was charged');

    const passes = await kofi.page.request.get('/api/user-subscriptions');
    expect(((await passes.json()) as { count: number }).count, 'passes after a declined payment').toBe(0);
    const start = await kofi.page.request.post('/api/conversations', { data: { user: ama.id } });
    expect(start.status(), 'a chat start still behind the paywall').toBe(402);
    log('no pass was granted: the paywall still holds');

    // The plans and the wizard in French and Romanian at 360 px: the longer words still fit.
    for (const lang of ['fr', 'ro'] as const) {
      const texts = locale(lang, 'billing');
      const changed = await kofi.page.request.put('/api/users', { data: { language: lang } });
      expect(changed.status(), `PUT /api/users language ${lang}`).toBe(200);
      await kofi.page.goto('/premium');
      await kofi.page.getByRole('heading', { level: 1, name: texts('list.title') }).waitFor();
      await shot(kofi.page, `premium-12-plans-${lang}`);
      await kofi.page
        .getByRole('link', { name: texts('plan.subscribeTo', { plan: texts('plan.title.month') }) })
        .click();
      await kofi.page.getByText(texts('form.phone'), { exact: true }).waitFor();
      await shot(kofi.page, `premium-13-wizard-${lang}`);
    }
    log('the plans and the wizard read in French and Romanian');
  },
);

const card = journey(
  'a card payment goes through the provider’s hosted page and back, and the message goes through',
  async ({ browser, baseUrl, log }) => {
    const { ama, kofi } = await kofiAndAma(browser, baseUrl);
    const dialog = await meetThePaywall(kofi, ama);
    await toTheMonthWizard(kofi.page, dialog, ama.id);
    // The segmented control's radio is drawn by its label: tapped there, as a member does.
    await kofi.page.locator('label', { hasText: billing('method.card') }).click();
    await kofi.page.getByText(billing('form.cardText'), { exact: true }).waitFor();
    await shot(kofi.page, 'premium-09-wizard-card');
    await kofi.page.getByRole('button', { name: /^Pay CDF\s14,000 by card$/ }).click();

    // The simulator's hosted card page (FlexPay's, in the browser's language among English and French):
    // its fields by name, its labels are its own.
    await kofi.page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
    await kofi.page.locator('input[name=cardNumber]').fill(APPROVED_CARD);
    await kofi.page.locator('input[name=cardName]').fill('KOFI MENSAH');
    await kofi.page.locator('input[name=expiry]').fill('12/30');
    await kofi.page.locator('input[name=cvv]').fill('123');
    // Not Motema's page: a picture for the record, no axe checkpoint (the simulator's page is not ours).
    const shots = process.env.E2E_SHOTS_DIR;
    if (shots) await kofi.page.screenshot({ path: `${shots}/premium-10-card-page.png`, fullPage: true });
    await kofi.page.getByRole('button', { name: 'Pay', exact: true }).click();
    log('card details typed on the provider’s page, never on Motema');

    await kofi.page.waitForURL((url) => url.pathname.startsWith('/premium/subscribe/'));
    await kofi.page
      .getByRole('link', { name: billing('outcome.mySubscriptions') })
      .waitFor({ timeout: 30_000 });
    await shot(kofi.page, 'premium-11-card-success');
    log('back from the card page, the check says paid');

    await theMessageGoesThrough(kofi, ama, 'Hello Ama, paid by card this time.');
    log('the message goes through');
  },
);

const refusedSend = journey(
  'a message refused in a chat waits, failed, and goes through on Retry once paid (approved by hand)',
  async ({ browser, baseUrl, log }) => {
    // Ama looks for men and women: Kofi may start the chat. Then she looks for women only.
    const ama = await signedUpMember(browser, baseUrl, {
      firstName: 'Ama',
      sex: 'female',
      likes: ['female', 'male'],
    });
    const kofi = await signedUpMember(browser, baseUrl, {
      firstName: 'Kofi',
      sex: 'male',
      likes: ['female'],
    });
    await kofi.page.goto(`/conversations?user=${ama.id}`);
    await kofi.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const conversationId = new URL(kofi.page.url()).pathname.split('/').pop()!;
    const changed = await ama.page.request.put('/api/users/match', {
      data: { sex: ['female'], ageMin: 18, ageMax: 99, distance: 500 },
    });
    expect(changed.status(), 'PUT /api/users/match').toBe(200);

    const text = 'Mbote Ama, are you going to the concert at the Fikin?';
    await kofi.page.getByLabel(thread('composer.label'), { exact: true }).fill(text);
    await kofi.page.getByRole('button', { name: thread('composer.send'), exact: true }).click();
    const dialog = kofi.page.getByRole('dialog', { name: billing('paywall.title') });
    await dialog.getByText(billing('paywall.reason.UserPreferences'), { exact: true }).waitFor();
    await dialog.getByText(billing('paywall.free.kept'), { exact: true }).waitFor();
    await shot(kofi.page, 'premium-14-send-refused-dialog');
    await dialog.getByRole('button', { name: billing('paywall.notNow') }).click();
    await kofi.page.getByRole('button', { name: thread('bubble.retry'), exact: true }).waitFor();
    await shot(kofi.page, 'premium-15-send-refused-bubble');
    expect(await storedTexts(ama, conversationId), 'nothing stored behind the paywall').toEqual([]);
    log('the send is refused over the socket: the dialog opens, the message waits with Retry');

    // Subscribe now from the failed message's Retry: the server refuses again and the dialog reopens.
    await kofi.page.getByRole('button', { name: thread('bubble.retry'), exact: true }).click();
    await toTheMonthWizard(kofi.page, dialog, ama.id);
    // Any number that is not a magic one waits for a hand's approval, as a phone's PIN would give it.
    await payByMobileMoney(kofi.page, '0812345678');
    await kofi.page.getByRole('heading', { name: billing('process.mobileTitle') }).waitFor();
    await kofi.page.waitForURL((url) => url.searchParams.has('reference'));
    const reference = new URL(kofi.page.url()).searchParams.get('reference')!;
    const orderNumber = await simOrderNumber(kofi.page, reference);
    const approved = await kofi.page.request.post(`/api/dev/payments/${orderNumber}/approve`);
    expect(approved.status(), 'the payer approves').toBe(200);
    await kofi.page
      .getByRole('link', { name: billing('outcome.mySubscriptions') })
      .waitFor({ timeout: 30_000 });
    log('paid: approved by hand through the simulator');

    await kofi.page.getByRole('link', { name: billing('outcome.backToConversation') }).click();
    await kofi.page.waitForURL((url) => url.pathname === `/messages/${conversationId}`);
    await kofi.page.getByRole('button', { name: thread('bubble.retry'), exact: true }).click();
    await kofi.page
      .getByRole('button', { name: thread('bubble.retry'), exact: true })
      .waitFor({ state: 'detached' });
    await kofi.page.getByLabel(thread('bubble.sending'), { exact: true }).waitFor({ state: 'detached' });
    expect(await storedTexts(ama, conversationId), 'Ama’s copy of the chat').toEqual([text]);
    await shot(kofi.page, 'premium-16-send-after-paying');
    log('back in the thread, Retry sends the message that waited');
  },
  { timeoutMs: 180_000 },
);

export const journeys: Journey[] = [mobileMoney, declined, card, refusedSend];
