import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * FlexPay's answers as integrations recorded them (PAYMENTS.md A1: the F1 doc tables, F2/F3
 * fixtures, F6's failure modes), to serve to the adapter over HTTP where the simulator does not
 * produce the shape itself. Phones and order numbers are made up.
 */
export type FlexpayFixture = { status: number; contentType: string; body: string };

const json = (value: unknown, status = 200): FlexpayFixture => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(value),
});
const html = (status: number): FlexpayFixture => ({
  status,
  contentType: 'text/html',
  body: '<html><head><title>Erreur</title></head><body><h1>Erreur interne</h1></body></html>',
});
/** A check that found the payment (A1.5): the request's code "0", the payment's state in `transaction.status`. */
const found = (transaction: Record<string, unknown>, message = 'Une transaction trouvée') =>
  json({ code: '0', message, transaction });
/** The transaction of A1.5's documented check answer (F1); the F2/F3 fixtures add the channel. */
const DOCUMENTED_TRANSACTION = {
  orderNumber: '9bsTX7qXdpQe243815877848',
  reference: 'MMO00012',
  amount: '50.0',
  amountCustomer: '51.0',
  currency: 'CDF',
  createdAt: '06-02-2021 17:32:46',
};

export const FLEXPAY_FIXTURES = {
  initAccepted: json({
    code: '0',
    message: 'Transaction envoyée avec succès. Veuillez valider le push message',
    orderNumber: '9bsTX7qXdpQe243815877848',
  }),
  initAcceptedNumericCode: json({
    code: 0,
    message: 'Transaction envoyée',
    orderNumber: '9bsTX7qXdpQe243815877848',
  }),
  initInsufficientFunds: json({
    code: '1',
    message: 'Insufficient funds',
    orderNumber: null,
    transaction: null,
  }),
  initAcceptedWithoutOrderNumber: json({ code: '0', message: 'Transaction envoyée avec succès.' }),
  initHtml200: html(200),
  initHtml500: html(500),
  initNotJson: { status: 200, contentType: 'text/plain', body: 'OK' },
  initUnexpectedShape: json({ status: 'ok' }),
  checkPaid: found({ ...DOCUMENTED_TRANSACTION, status: '0', channel: 'om' }),
  /** F2/F3's check_success.json: the request succeeded (code "0"), the payment did not (status "1"). */
  checkCodeZeroStatusFailed: found({ ...DOCUMENTED_TRANSACTION, status: '1' }, "Le paiement n'a pas réussi"),
  checkNumericStatus: json({
    code: 0,
    message: 'Une transaction trouvée',
    transaction: { reference: 'MMO00012', amount: 50, currency: 'CDF', status: 0 },
  }),
  checkStatus: (status: string) => found({ reference: 'MMO00012', amount: '50.0', currency: 'CDF', status }),
  checkNotFound: json({ code: '1', message: 'Aucune transaction trouvée', transaction: null }),
  checkNotFound500: json({ code: '1', message: 'Aucune transaction trouvée', transaction: null }, 500),
  checkHtml200: html(200),
  checkOddAmount: found({ reference: 'MMO00012', amount: '1.005', currency: 'CDF', status: '0' }),
  checkOtherCurrency: found({ reference: 'MMO00012', amount: '50', currency: 'EUR', status: '0' }),
  cardAccepted: json({
    code: 0,
    message: 'Redirection en cours',
    orderNumber: 'O42iABI2K0pLq',
    url: 'https://gwvisa.flexpay.cd/checkout/abc123',
  }),
  cardAcceptedPaymentUrl: json({
    code: '0',
    message: 'Redirection en cours',
    orderNumber: 'O42iABI2K0pLq',
    paymentUrl: 'https://gwvisa.flexpay.cd/checkout/abc123',
  }),
  cardRejected: json({ code: 1, message: 'Marchand non autorisé', orderNumber: null }),
} satisfies Record<string, FlexpayFixture | ((status: string) => FlexpayFixture)>;

/** A loopback server answering every request with `fixture` (swap it between calls). */
export async function startFixtureServer() {
  let fixture: FlexpayFixture = FLEXPAY_FIXTURES.initAccepted;
  const authorizations: (string | undefined)[] = [];
  const server = createServer((request, response) => {
    authorizations.push(request.headers.authorization);
    request.resume();
    request.on('end', () => {
      response.writeHead(fixture.status, { 'content-type': fixture.contentType }).end(fixture.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/api/rest/v1`,
    cardUrl: `${origin}/v1.1/pay`,
    serve: (next: FlexpayFixture) => void (fixture = next),
    authorizations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
