import { describe, expect, it } from 'vitest';
import { CHECKOUT_TEXTS, checkoutLanguage } from './checkout-page.ts';

const FRENCH = CHECKOUT_TEXTS.fr;
import { MAGIC_CARDS } from './magic-payers.ts';
import { simTestBed } from './test-sim-bed.ts';

const TOKEN = 'sim-card-token';
const bed = simTestBed({ token: TOKEN });

const RETURN = 'http://127.0.0.1:3000/premium/subscribe/week';
let references = 0;
async function pay(overrides: Record<string, unknown> = {}) {
  const response = await fetch(bed.sim.cardUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({
      authorization: `Bearer ${TOKEN}`,
      merchant: 'MOTEMA',
      reference: `CARD${++references}`,
      amount: '4.99',
      currency: 'USD',
      description: 'Motema Premium',
      callback_url: bed.receiver.url(),
      approve_url: `${RETURN}?outcome=approve`,
      cancel_url: `${RETURN}?outcome=cancel`,
      decline_url: `${RETURN}?outcome=decline`,
      home_url: RETURN,
      ...overrides,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const submit = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
const VALID = {
  cardNumber: '5555 5555 5555 4444',
  cardName: 'A. Member',
  expiry: '12/39',
  cvv: '123',
  action: 'pay',
};

describe('card payments (v1.1/pay and the hosted page)', () => {
  it('answers with code 0 as a number, the order number and the hosted page', async () => {
    const answer = await pay();
    expect(answer).toEqual({
      status: 200,
      body: {
        code: 0,
        message: 'Redirection en cours',
        orderNumber: expect.stringMatching(/^[A-Za-z0-9]{24}$/),
        url: expect.stringMatching(new RegExp(`^${bed.sim.origin}/checkout/[A-Za-z0-9]{32}$`)),
      },
    });
  });

  it('wants the token in the body', async () => {
    expect((await pay({ authorization: 'Bearer wrong' })).status).toBe(401);
    expect(bed.sim.control.calls()[0]?.body).toMatchObject({ authorization: '[invalid]' });
  });

  it('serves a labelled page without the token, then says what is missing', async () => {
    const { body } = await pay();
    const page = await (await fetch(body.url as string)).text();
    for (const id of ['cardNumber', 'cardName', 'expiry', 'cvv'])
      expect(page).toContain(`<label for="${id}">`);
    expect(page).toContain(`>${FRENCH.pay}</button>`);
    expect(page).toContain(`>${FRENCH.cancel}</button>`);
    expect(page).not.toContain(TOKEN);
    expect(page).not.toMatch(/<script|<link|src=/);

    const empty = await submit(body.url as string, { action: 'pay' });
    expect(empty.status).toBe(400);
    const errors = await empty.text();
    for (const message of [
      FRENCH.cardNumberRequired,
      FRENCH.cardNameRequired,
      FRENCH.expiryRequired,
      FRENCH.cvvRequired,
    ]) {
      expect(errors).toContain(message.replace("'", '&#39;'));
    }
    const short = await submit(body.url as string, { ...VALID, cardNumber: '5555 5555 5555 444' });
    expect(await short.text()).toContain(FRENCH.cardNumberLength);
    expect(bed.sim.control.transactions()[0]?.status).toBe('2');
  });

  it('speaks the browser’s language among English and French, French otherwise', async () => {
    expect(checkoutLanguage('en-GB,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(checkoutLanguage('ln-CD,fr-CD;q=0.9,en;q=0.8')).toBe('fr');
    expect(checkoutLanguage('de-DE,en;q=0.5')).toBe('en');
    expect(checkoutLanguage('fr;q=0.4,en;q=0.6')).toBe('en');
    expect(checkoutLanguage('de-DE')).toBe('fr');
    expect(checkoutLanguage(undefined)).toBe('fr');

    const { body } = await pay();
    const english = { 'accept-language': 'en-US,en;q=0.9' };
    const page = await (await fetch(body.url as string, { headers: english })).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain(`>${CHECKOUT_TEXTS.en.pay}</button>`);
    expect(page).toContain('<label for="cardNumber">Card number</label>');
    const empty = await submit(body.url as string, { action: 'pay' }, english);
    expect(await empty.text()).toContain(CHECKOUT_TEXTS.en.cardNumberRequired);
  });

  it('approves the test card: the callback first, then the browser back to approve_url', async () => {
    const { body } = await pay();
    const answer = await submit(body.url as string, VALID);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`${RETURN}?outcome=approve`);
    expect(bed.receiver.received.map((c) => c.body)).toEqual([
      expect.objectContaining({ code: '0', orderNumber: body.orderNumber, channel: 'mastercard' }),
    ]);
    // Sent again (the back button): back to the same place, no second payment nor callback.
    const again = await submit(body.url as string, VALID);
    expect(again.headers.get('location')).toBe(`${RETURN}?outcome=approve`);
    expect(bed.receiver.received).toHaveLength(1);
  });

  it('declines the declined test card, and cancels on Cancel', async () => {
    const declined = await pay();
    const no = await submit(declined.body.url as string, {
      ...VALID,
      cardNumber: MAGIC_CARDS.declined.number,
    });
    expect(no.headers.get('location')).toBe(`${RETURN}?outcome=decline`);
    const cancelled = await pay();
    const back = await submit(cancelled.body.url as string, { action: 'cancel' });
    expect(back.headers.get('location')).toBe(`${RETURN}?outcome=cancel`);
    expect(bed.sim.control.transactions().map((tx) => tx.status)).toEqual(['1', '5']);
  });

  it('refuses an expired card', async () => {
    const { body } = await pay();
    const answer = await submit(body.url as string, { ...VALID, expiry: '01/20' });
    expect(await answer.text()).toContain(FRENCH.expiryPast);
  });
});
