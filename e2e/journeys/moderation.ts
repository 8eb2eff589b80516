/**
 * Trust and safety on phones (360x740), against the real server (issue 30): Prince, a new member,
 * writes Grace a mobile-money script (the app asks him to review it first); Grace sees it under the
 * scam shield's banner and reports it in one tap; Mireille, a moderator (granted as `npm run admin -- grant` does, e2e/staff.ts), opens
 * the case in the console, takes it and bans him; Prince's open app signs him out; the ban's e-mail
 * links to the appeal page, where he appeals while signed out, and his sign-in says the account is
 * closed. Jonas, another moderator, sees the case appealed and may decide; Mireille, who banned him,
 * may not. Labels are read from the app's own translation files.
 */
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
  type Journey,
} from '../fixtures.ts';
import { grantRole } from '../staff.ts';

const thread = locale('en', 'thread');
const chat = locale('en', 'chat');
const moderation = locale('en', 'moderation');
const appeals = locale('en', 'appeals');
const auth = locale('en', 'auth');
const errors = locale('en', 'errors');

const SCAM = 'I sent you 20000 francs by mistake on M-Pesa, please send it back to me';
const APPEAL_TEXT = 'I never asked anyone for money: my account was copied.';

const banAndAppeal = journey(
  'a member reports a scam message under its banner, a moderator bans its sender, his app signs him out, he appeals by the mail’s link, and only another moderator may decide',
  async ({ browser, baseUrl, log }) => {
    const prince = await signedUpMember(browser, baseUrl, {
      firstName: 'Prince',
      sex: 'male',
      likes: ['female'],
    });
    const grace = await signedUpMember(browser, baseUrl, {
      firstName: 'Grace',
      sex: 'female',
      likes: ['male'],
    });
    const mireille = await signedUpMember(browser, baseUrl, {
      firstName: 'Mireille',
      sex: 'female',
      likes: ['male'],
    });
    const jonas = await signedUpMember(browser, baseUrl, {
      firstName: 'Jonas',
      sex: 'male',
      likes: ['female'],
    });
    await grantRole(mireille.username, 'moderator');
    await grantRole(jonas.username, 'moderator');

    // Prince, a stranger to Grace, writes her a mobile-money script: the app asks him to review a
    // first message about money, and he sends it anyway.
    await prince.page.goto(`/conversations?user=${grace.id}`);
    await prince.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    await prince.page.getByLabel(thread('composer.label'), { exact: true }).fill(SCAM);
    await prince.page.getByRole('button', { name: thread('composer.send'), exact: true }).click();
    await prince.page.getByText(thread('review.title'), { exact: true }).waitFor();
    await shot(prince.page, 'moderation-01-review-before-send');
    await prince.page.getByRole('button', { name: thread('review.sendAnyway'), exact: true }).click();
    await prince.page.getByText(SCAM, { exact: true }).waitFor();
    log('Prince was asked to review his first message about money, and sent it anyway');

    // Grace finds it among her requests, under the scam shield's banner, and reports it in one tap.
    await grace.page.goto('/conversations');
    await grace.page
      .getByRole('button', { name: chat('folders.requestsCount', { count: '1' }), exact: true })
      .click();
    await grace.page
      .getByRole('link', { name: /Prince/ })
      .first()
      .click();
    const banner = grace.page.getByTestId('shield-banner');
    await banner.getByText(thread('shield.banner'), { exact: true }).waitFor();
    await grace.page.getByText(SCAM, { exact: true }).waitFor();
    await shot(grace.page, 'moderation-02-shield-banner');
    await banner.getByRole('button', { name: thread('shield.report'), exact: true }).click();
    await banner.getByText(thread('shield.reported'), { exact: true }).waitFor();
    log('Grace saw the safety banner above the scam and reported it');

    // Prince's app is open on home.
    await prince.page.goto('/home');
    await prince.page.getByRole('heading', { level: 1 }).first().waitFor();

    // Mireille opens the case from the queue, takes it and bans Prince.
    await mireille.page.goto('/moderation');
    await expectHeading(mireille.page, moderation('queue.title'));
    const row = mireille.page.getByRole('link', { name: new RegExp(`@${prince.username}`) });
    await row.waitFor();
    await shot(mireille.page, 'moderation-03-queue');
    await row.click();
    await expectHeading(mireille.page, moderation('case.title'));
    const caseUrl = new URL(mireille.page.url()).pathname;
    await mireille.page.getByRole('button', { name: moderation('case.take'), exact: true }).click();
    await mireille.page.getByRole('button', { name: moderation('case.handBack'), exact: true }).waitFor();
    await field(mireille.page, moderation('action.action')).selectOption({
      label: moderation('actions.ban'),
    });
    await field(mireille.page, moderation('action.rule')).selectOption({ label: moderation('rules.scam') });
    await field(mireille.page, moderation('action.message')).fill('You asked members for money.');
    await mireille.page.getByRole('button', { name: moderation('action.submit'), exact: true }).click();
    const dialog = mireille.page.getByRole('dialog', { name: moderation('action.banTitle') });
    await shot(mireille.page, 'moderation-04-ban-confirm');
    await dialog.getByRole('button', { name: moderation('action.banConfirm'), exact: true }).click();
    await mireille.page.getByText(moderation('case.closed'), { exact: true }).waitFor();
    log(`Mireille banned Prince (${caseUrl})`);

    // His open app signs him out.
    await prince.page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
    log('Prince’s open app signed him out');

    // Signing in again says the account is closed.
    await field(prince.page, auth('fields.identifier')).fill(prince.username);
    await field(prince.page, auth('fields.password')).fill(prince.password);
    await prince.page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    await prince.page.getByText(errors('loginBanned'), { exact: true }).waitFor();
    await shot(prince.page, 'moderation-05-sign-in-banned');

    // The ban's e-mail links to the appeal page, open while signed out.
    const mail = await readOutbox(baseUrl, prince.email, { match: /\/appeal\// });
    const appealPage = await newMemberPage(browser);
    await appealPage.goto(linkIn(mail, '/appeal/'));
    await expectHeading(appealPage, appeals('appeal.title'));
    await appealPage.getByText(appeals('actions.ban'), { exact: true }).waitFor();
    await appealPage
      .getByText(appeals('notice.rule', { rule: appeals('rules.scam') }), { exact: true })
      .waitFor();
    await field(appealPage, appeals('appeal.text')).fill(APPEAL_TEXT);
    await shot(appealPage, 'moderation-06-appeal');
    await appealPage.getByRole('button', { name: appeals('appeal.submit'), exact: true }).click();
    await appealPage.getByText(APPEAL_TEXT, { exact: true }).waitFor();
    await appealPage
      .getByRole('button', { name: appeals('appeal.submit'), exact: true })
      .waitFor({ state: 'detached' });
    log('Prince appealed by the mail’s link, signed out');

    // Jonas sees the case appealed, reads the appeal and may decide.
    await jonas.page.goto('/moderation');
    const appealed = jonas.page.getByRole('link', { name: new RegExp(`@${prince.username}`) });
    await appealed.getByText(moderation('queue.appealed'), { exact: true }).waitFor();
    await appealed.click();
    await jonas.page.getByText(APPEAL_TEXT, { exact: true }).waitFor();
    await jonas.page.getByRole('button', { name: moderation('action.submit'), exact: true }).waitFor();
    await shot(jonas.page, 'moderation-07-appeal-for-another');

    // Mireille, who banned him, may not act on his appeal.
    await mireille.page.goto(caseUrl);
    await mireille.page.getByText(moderation('case.notActionable'), { exact: true }).waitFor();
    expect(
      await mireille.page.getByRole('button', { name: moderation('action.submit'), exact: true }).count(),
      'the action form for the moderator who banned him',
    ).toBe(0);
    const refused = await mireille.page.request.post(
      `/api${caseUrl.replace('/moderation/case/', '/moderation/cases/')}/actions`,
      {
        data: { action: 'dismiss', rule: 'scam' },
      },
    );
    expect(refused.status(), 'her action on the appeal').toBe(409);
    expect(((await refused.json()) as { code: string }).code, 'its code').toBe(
      'appeal_needs_another_moderator',
    );
    log('Jonas may decide on the appeal; Mireille may not');
  },
  { timeoutMs: 180_000 },
);

export const journeys: Journey[] = [banAndAppeal];
