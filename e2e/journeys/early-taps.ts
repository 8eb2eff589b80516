/**
 * A tap before the app has taken a painted page over is not lost (build/painted-start.ts), even one
 * before any of the page's scripts ran (the recorder inline in its head, @motema/shared/early-taps).
 * Kofi opens a public zone; Awa opens it on a slow phone, whose early-tap script is held until she has
 * tapped and whose app code is held back two seconds more, and taps "Join the zone" at once, on the
 * page the server painted: once the app has the page, the tap is given to the button again, and she
 * is a member. On Kofi's painted post she writes a comment and taps Send as early: the words reach the
 * form before the tap does, and the comment is sent.
 * Sent before any script ran (scripts off), a comment stays as typed on the post instead of reloading it
 * empty.
 */
import { auditNothingOf } from '../a11y/journey-auditor.ts';
import { expect, journey, locale, newMemberPage, signedUpMember, type Journey } from '../fixtures.ts';
import { appTookOver } from '../app-took-over.ts';
import { watch } from '../page-watch.ts';
import { pollUntil } from '../poll-until.ts';
import { openOnSlowPhone, releaseEarlyTaps, scriptKeepsTaps } from '../slow-phone.ts';

const earlyTap: Journey = journey(
  'a tap on a painted zone joins it, and a comment sent on a painted post is sent, before the app has them',
  async ({ browser, baseUrl, log }) => {
    const zones = locale('en', 'zones');
    const awa = await signedUpMember(browser, baseUrl, { firstName: 'Awa', sex: 'female', likes: ['male'] });
    const kofi = await signedUpMember(browser, baseUrl, {
      firstName: 'Kofi',
      sex: 'male',
      likes: ['female'],
    });
    const opened = await kofi.page.request.post('/api/zones', {
      data: { title: 'Early walkers', name: `early${Date.now() % 100_000}`, access: 'public' },
    });
    expect(opened.status(), 'POST /api/zones').toBe(201);
    const zone = (await opened.json()) as { _id: string };

    const page = await openOnSlowPhone(browser, `/zone/${zone._id}`, { member: awa });
    const seen = watch(page);
    const join = page.getByRole('button', { name: zones('action.join'), exact: true });
    const tapped = (await join.elementHandle())!;
    await join.click();
    expect(await scriptKeepsTaps(page), 'the early-tap script ran before the tap').toBe(false);
    log('Awa tapped "Join the zone" on the painted page, before any of its scripts ran');
    releaseEarlyTaps(page);
    await appTookOver(page);
    await page
      .getByRole('button', { name: zones('action.leave'), exact: true })
      .waitFor()
      .catch(async (error: unknown) => {
        // What became of the tap: the button tapped (still on the page, or drawn anew by React), the
        // page's API answers, and its errors (a hydration mismatch replaces the painted page).
        const button = await tapped.evaluate((element) =>
          JSON.stringify({
            onThePage: element.isConnected,
            text: element.textContent,
            busy: element.getAttribute('aria-busy'),
            opacity: (element as HTMLElement).style.opacity,
            disabled: (element as HTMLButtonElement).disabled,
          }),
        );
        throw new Error(
          `${String(error)}\nthe button tapped: ${button}\nAPI answers: ${seen.answers.join(', ')}\nerrors: ${seen.errors.join(' | ') || 'none'}`,
        );
      });
    const members = await kofi.page.request.get(`/api/zones/${zone._id}/members`);
    expect(JSON.stringify(await members.json()), "the zone's members").toContain(awa.id);
    log('once the app had the page, the tap joined the zone');

    const posts = locale('en', 'posts');
    const posted = await kofi.page.request.post('/api/posts', {
      data: { text: 'Sunrise walk on Saturday', visibility: 'public' },
    });
    expect(posted.status(), 'POST /api/posts').toBe(201);
    const post = (await posted.json()) as { _id: string };
    const postPage = await openOnSlowPhone(browser, `/post/${post._id}`, { member: awa });
    await postPage.getByLabel(posts('comments.write')).fill('Count me in!');
    await postPage.getByRole('button', { name: posts('comments.send'), exact: true }).click();
    expect(await scriptKeepsTaps(postPage), 'the early-tap script ran before the tap').toBe(false);
    log('Awa wrote a comment and tapped Send on the painted post, before any of its scripts ran');
    releaseEarlyTaps(postPage);
    await appTookOver(postPage);
    // The words are in the field before the comment is stored: the comment's text is read from the server.
    const stored = await pollUntil(
      async () =>
        JSON.stringify(await (await kofi.page.request.get(`/api/posts/${post._id}/comments`)).json()),
      (comments) => comments.includes('Count me in!'),
    );
    expect(stored, "the post's comments").toContain('Count me in!');
    await postPage.getByText('Count me in!', { exact: true }).waitFor();
    log('once the app had the post, the comment was sent');

    // With no script run yet (scripts off): the comment sent stays as typed, on the post.
    const bare = await newMemberPage(browser, { javaScriptEnabled: false });
    auditNothingOf(bare);
    await bare.context().addCookies(await awa.page.context().cookies());
    await bare.goto(`/post/${post._id}`);
    const comment = bare.getByLabel(posts('comments.write'));
    await comment.fill('See you there');
    await bare.getByRole('button', { name: posts('comments.send'), exact: true }).click();
    await bare.waitForTimeout(500);
    expect(bare.url(), 'the address').toBe(new URL(`/post/${post._id}`, bare.url()).href);
    expect(await comment.inputValue(), 'what was typed').toBe('See you there');
    log('a comment sent before any script ran stays as typed, on the post');
    await page.context().close();
    await postPage.context().close();
    await bare.context().close();
  },
);

export const journeys: Journey[] = [earlyTap];
