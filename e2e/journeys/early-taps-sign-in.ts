/**
 * What a newcomer types and taps on the sign-in and sign-up pages before the app has them is not lost
 * (build/painted-start.ts). Those pages are painted from HTML before their code arrives, so on a slow
 * line a member fills the form and taps the button while the page is still only drawn: the browser
 * alone would send the form to itself and load the page again, empty. Here the app's code is held
 * back two seconds; Ama signs in, and Esi signs up, at once: once the app has the page, what they typed
 * reaches its fields and the tap its button. Esi, seeing the button dimmed, taps it again: her account is
 * asked for once.
 */
import {
  expect,
  field,
  journey,
  locale,
  signedUpMember,
  uniqueMember,
  waitForPath,
  type Journey,
} from '../fixtures.ts';
import { appTookOver, hasTakenOver } from '../app-took-over.ts';
import { openOnSlowPhone, releaseEarlyTaps, scriptKeepsTaps, tapsKept } from '../slow-phone.ts';
import { plainText } from '../texts.ts';

const signInEarly: Journey = journey(
  'a member who fills the sign-in form and taps "Log in" before the app has the page is signed in',
  async ({ browser, baseUrl, log }) => {
    const auth = locale('en', 'auth');
    const ama = await signedUpMember(browser, baseUrl, { firstName: 'Ama', sex: 'female', likes: ['male'] });
    const page = await openOnSlowPhone(browser, '/login');
    await field(page, auth('fields.identifier')).fill(ama.username);
    await field(page, auth('fields.password')).fill(ama.password);
    await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    expect(await scriptKeepsTaps(page), 'the early-tap script ran before the tap').toBe(false);
    releaseEarlyTaps(page);
    expect(new URL(page.url()).search, 'the address after the tap (the form not sent to itself)').toBe('');
    log('Ama typed her username and password and tapped "Log in" on the painted page');
    await appTookOver(page);
    await waitForPath(page, '/home');
    const me = await page.request.get('/api/users/profile');
    expect(me.status(), 'GET /api/users/profile once the app had the page').toBe(200);
    log('once the app had the page, she was signed in and at home');
    await page.context().close();
    await ama.page.context().close();
  },
);

const signUpEarly: Journey = journey(
  'a newcomer who fills the sign-up form and taps "Create account" before the app has the page gets her code',
  async ({ browser, log }) => {
    const auth = locale('en', 'auth');
    const esi = uniqueMember();
    const page = await openOnSlowPhone(browser, '/register');
    await field(page, auth('fields.username')).fill(esi.username);
    await field(page, auth('fields.email')).fill(esi.email);
    await field(page, auth('fields.password')).fill(esi.password);
    await field(page, auth('register.dateOfBirth')).fill(esi.dateOfBirth);
    await page.getByLabel(plainText(auth('register.acceptTerms')), { exact: true }).check();
    const registrations: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/register') registrations.push(request.method());
    });
    const submit = page.getByRole('button', { name: auth('register.submit'), exact: true });
    await submit.click();
    expect(await scriptKeepsTaps(page), 'the early-tap script ran before the tap').toBe(false);
    // The early-tap script takes the tap over from the inline recorder and marks the button.
    releaseEarlyTaps(page);
    await tapsKept(page);
    expect(await submit.getAttribute('aria-busy'), 'the tapped button, marked busy').toBe('true');
    // Nothing seems to happen yet on a slow line: she taps again.
    await submit.click();
    expect(await hasTakenOver(page), 'the app had the page before the taps').toBe(false);
    log('Esi filled the sign-up form and tapped "Create account" twice on the painted page');
    await appTookOver(page);
    await waitForPath(page, '/otp', { email: esi.email });
    expect(registrations, 'the registrations sent').toEqual(['POST']);
    log('once the app had the page, her account was made once and the code screen shown');
    await page.context().close();
  },
);

const noApp: Journey = journey(
  'a sign-in form sent while the app never arrives stays as it was filled, not sent to the page itself',
  async ({ browser, log }) => {
    const auth = locale('en', 'auth');
    const page = await openOnSlowPhone(browser, '/login', { code: 'never' });
    const identifier = field(page, auth('fields.identifier'));
    await identifier.fill('kwame');
    releaseEarlyTaps(page);
    await tapsKept(page);
    // As the kept tap is given back once GIVE_BACK_WAIT_MS has passed with no app to take it.
    await page.evaluate(() => document.querySelector('form')?.requestSubmit());
    await page.waitForTimeout(500);
    expect(page.url(), 'the address').toBe(new URL('/login', page.url()).href);
    expect(await identifier.inputValue(), 'what was typed').toBe('kwame');
    log('the form sent without the app: still on /login, the words still there');
    await page.context().close();
  },
);

export const journeys: Journey[] = [signInEarly, signUpEarly, noApp];
