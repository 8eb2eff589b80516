/**
 * Zones on phones (360x740), two members in two browser contexts. Awa creates a private zone with a
 * question; Kofi finds its page, asks to join with an answer and reminds the admins (Remind then
 * waits a day); Awa approves him from the members screen, where his answer shows; Kofi is a member,
 * posts in the zone's feed, and Awa comments under his post.
 * Awa makes an invite link in the zone's settings; Zola, who has no account, opens it: the start page
 * it leads to lets her sign up; she confirms her e-mail from the mail's link in another tab, onboards,
 * and the link then opens: she sees the zone it invites to and joins it with Join.
 * Labels are read from the app's own translation files.
 */
import {
  expect,
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

const privateZone = journey(
  'a member creates a private zone with a question; another asks with an answer and reminds; the first approves',
  async ({ browser, baseUrl, log }) => {
    const zones = locale('en', 'zones');
    const posts = locale('en', 'posts');
    const auth = locale('en', 'auth');
    const settings = locale('en', 'settings');
    const common = locale('en', 'common');
    const awa = await signedUpMember(browser, baseUrl, { firstName: 'Awa', sex: 'female', likes: ['male'] });
    const kofi = await signedUpMember(browser, baseUrl, {
      firstName: 'Kofi',
      sex: 'male',
      likes: ['female'],
    });
    const name = `run${Date.now().toString(36)}`;

    // Awa creates the zone from the tab.
    await awa.page.goto('/zones');
    await awa.page.getByRole('heading', { name: zones('list.title'), exact: true }).waitFor();
    await shot(awa.page, 'zones-01-tab');
    await awa.page.getByRole('link', { name: zones('list.create'), exact: true }).click();
    await awa.page.getByRole('textbox', { name: zones('form.title') }).fill('Kinshasa runners');
    await awa.page.getByRole('textbox', { name: zones('form.name') }).fill(name);
    await awa.page.getByRole('radio', { name: zones('access.private') }).check();
    await awa.page.getByRole('textbox', { name: zones('form.description') }).fill('We run on Saturdays.');
    await awa.page.getByRole('button', { name: zones('form.addQuestion'), exact: true }).click();
    await awa.page
      .getByRole('textbox', { name: zones('form.question', { number: '1' }) })
      .fill('How far do you run?');
    await shot(awa.page, 'zones-02-create');
    await awa.page.getByRole('button', { name: zones('form.create'), exact: true }).click();
    await awa.page.getByRole('heading', { name: 'Kinshasa runners' }).waitFor();
    const zonePath = new URL(awa.page.url()).pathname;
    expect(zonePath, 'the new zone opens').toMatch(/^\/zone\/[0-9a-f-]{36}$/);
    await awa.page.getByText(zones('zone.youAre.admin')).waitFor();
    await shot(awa.page, 'zones-03-zone-admin');
    log(`Awa created the private zone @${name} and is its admin`);

    // Kofi asks to join, answering the question, then reminds the admins.
    await kofi.page.goto(zonePath);
    await kofi.page.getByRole('button', { name: zones('action.request'), exact: true }).click();
    const dialog = kofi.page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'How far do you run?' }).fill('Ten kilometres');
    await shot(kofi.page, 'zones-04-request');
    await dialog.getByRole('button', { name: zones('action.send'), exact: true }).click();
    const remind = kofi.page.getByRole('button', { name: zones('action.remind'), exact: true });
    await remind.click();
    await kofi.page.getByText(/You can remind them again/).waitFor();
    expect(await remind.isDisabled(), 'Remind once reminded').toBe(true);
    await shot(kofi.page, 'zones-05-waiting');
    log('Kofi asked with his answer and reminded the admins; Remind waits a day');

    // Awa approves him from the members screen, his answer beside the question.
    await awa.page.goto(`${zonePath}/members`);
    await awa.page.getByText('Ten kilometres').waitFor();
    await shot(awa.page, 'zones-06-members-waiting');
    await awa.page
      .getByRole('button', { name: zones('members.approveFrom', { name: kofi.username }), exact: true })
      .click();
    await awa.page.getByText(zones('members.noneWaiting')).waitFor();
    await awa.page.getByRole('link', { name: new RegExp(`@${kofi.username}`) }).waitFor();
    log('Awa approved Kofi from the waiting list');

    await kofi.page.goto(zonePath);
    await kofi.page.getByText(zones('zone.youAre.member')).waitFor();
    await kofi.page.getByRole('button', { name: zones('action.leave'), exact: true }).waitFor();
    await shot(kofi.page, 'zones-07-member');
    log('Kofi is a member of the zone');

    // Kofi posts in the zone's feed; Awa finds it there and comments under it.
    await kofi.page.getByRole('button', { name: posts('feed.write'), exact: true }).click();
    const composer = kofi.page.getByRole('dialog', { name: posts('composer.title') });
    await composer.getByLabel(posts('composer.textLabel')).fill('Who runs the Ngaliema loop on Saturday?');
    await shot(kofi.page, 'zones-08-compose');
    await composer.getByRole('button', { name: posts('composer.publish'), exact: true }).click();
    await composer.waitFor({ state: 'detached' });
    await kofi.page.getByText('Who runs the Ngaliema loop on Saturday?', { exact: true }).waitFor();
    const zoneId = zonePath.split('/').pop()!;
    const feed = (await (await awa.page.request.get(`/api/zones/${zoneId}/posts`)).json()) as {
      posts: { _id: string; text: string }[];
    };
    const posted = feed.posts.find((post) => post.text === 'Who runs the Ngaliema loop on Saturday?');
    expect(posted, 'Kofi’s post in the zone’s feed, for Awa').toBeTruthy();
    await awa.page.goto(zonePath);
    await awa.page.getByText('Who runs the Ngaliema loop on Saturday?', { exact: true }).waitFor();
    await shot(awa.page, 'zones-09-feed-admin');
    await awa.page.goto(`/post/${posted!._id}`);
    await awa.page.getByLabel(posts('comments.write')).fill('Me! Seven o’clock at the gate.');
    await awa.page.getByRole('button', { name: posts('comments.send'), exact: true }).click();
    // Shown once stored: Kofi's page, opened after, holds it whether or not his socket is there yet.
    await awa.page.getByText('Me! Seven o’clock at the gate.', { exact: true }).waitFor();
    await kofi.page.goto(`/post/${posted!._id}`);
    await kofi.page.getByText('Me! Seven o’clock at the gate.', { exact: true }).waitFor();
    await shot(kofi.page, 'zones-10-comment');
    log('Kofi posted in the zone; Awa commented under his post');

    // Awa makes an invite link in the settings and sends it to Zola, who has no account yet.
    await awa.page.goto(`${zonePath}/settings`);
    await awa.page.getByRole('button', { name: zones('invites.create'), exact: true }).click();
    const link = await awa.page.getByRole('textbox', { name: zones('invites.link') }).inputValue();
    expect(link, 'the invite link').toMatch(/\/zones\?invite=/);
    await shot(awa.page, 'zones-11-settings');
    const invite = new URL(link).pathname + new URL(link).search;
    const token = new URL(link).searchParams.get('invite')!;

    // The link sends her to the start page; she joins Motema from there.
    const zola = { ...uniqueMember(), firstName: 'Zola' };
    const page = await newMemberPage(browser);
    await page.goto(invite);
    await waitForPath(page, '/', { from: invite });
    await page
      .getByRole('link', { name: common('actions.register'), exact: true })
      .first()
      .click();
    await waitForPath(page, '/register', { from: invite });
    await field(page, auth('fields.username')).fill(zola.username);
    await field(page, auth('fields.email')).fill(zola.email);
    await field(page, auth('fields.password')).fill(zola.password);
    await field(page, auth('register.dateOfBirth')).fill(zola.dateOfBirth);
    await page.getByLabel(plainText(auth('register.acceptTerms')), { exact: true }).check();
    await page.getByRole('button', { name: auth('register.submit'), exact: true }).click();
    await waitForPath(page, '/otp', { email: zola.email });

    // She confirms her e-mail from the mail's link, which opens in another tab, and onboards there.
    const confirmation = await readOutbox(baseUrl, zola.email, { match: /\/otp\?token=/ });
    const mailTab = await page.context().newPage();
    await mailTab.goto(linkIn(confirmation, '/otp?token='));
    await waitForPath(mailTab, '/settings/profile');
    await field(mailTab, settings('profile.firstName')).fill(zola.firstName);
    await mailTab.getByRole('radio', { name: settings('sex.female'), exact: true }).check();
    await mailTab.getByRole('button', { name: settings('profile.continue'), exact: true }).click();
    await waitForPath(mailTab, '/settings/match');
    await mailTab.getByRole('checkbox', { name: settings('match.sex.male'), exact: true }).check();
    await mailTab.getByRole('button', { name: settings('match.start'), exact: true }).click();
    await waitForPath(mailTab, '/settings/photo');
    await mailTab.getByRole('button', { name: settings('photo.skip'), exact: true }).click();
    log('Zola, new here, signed up from the start page the link led to, confirmed and onboarded');

    // Onboarding done, the link opens: what it invites to; nothing is joined before Zola presses Join.
    await waitForPath(mailTab, '/zones', { invite: token });
    await mailTab.getByRole('heading', { name: 'Kinshasa runners', exact: true }).waitFor();
    await shot(mailTab, 'zones-12-invite');
    await mailTab.getByRole('button', { name: zones('invite.join'), exact: true }).click();
    await mailTab.getByText(zones('zone.youAre.member')).waitFor();
    expect(new URL(mailTab.url()).pathname, 'where the invite link leads').toBe(zonePath);
    log('Zola joined through the invite link Awa made');
  },
  { timeoutMs: 120_000 },
);

export const journeys: Journey[] = [privateZone];
