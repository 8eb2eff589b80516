/**
 * The start page is painted from HTML and works before the app's code arrives: its language switch
 * is a native select. Afia opens it on a slow phone and picks French at once; once the app has the
 * page, it is in French (lib/prerendered-page.ts's keepTypedValues: React took the select over
 * without reading it, the choice shown in the button while the page stayed in English).
 */
import { expect, journey, locale, type Journey } from '../fixtures.ts';
import { appTookOver, hasTakenOver } from '../app-took-over.ts';
import { openOnSlowPhone, releaseEarlyTaps } from '../slow-phone.ts';

const earlyLanguage: Journey = journey(
  'a visitor who picks French on the start page before the app has it gets the page in French',
  async ({ browser, log }) => {
    const page = await openOnSlowPhone(browser, '/');
    const english = locale('en', 'common');
    await page.getByRole('combobox', { name: english('language.choose') }).selectOption('fr');
    expect(await hasTakenOver(page), 'the app had the page before the choice').toBe(false);
    log('Afia picked French on the painted start page, before the app had it');
    releaseEarlyTaps(page);
    await appTookOver(page);
    const french = locale('fr', 'public')('start.tagline');
    await page.getByRole('heading', { level: 1, name: french }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang), '<html lang>').toBe('fr');
    log(`once the app had the page, it read "${french}"`);
    await page.context().close();
  },
);

export const journeys: Journey[] = [earlyLanguage];
