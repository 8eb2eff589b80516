/** A FlexPay account as production must have one: the real hosts (https://*.flexpay.cd), a merchant, a token. */
export const FLEXPAY_PRODUCTION_ENV = {
  FLEXPAY_BASE_URL: 'https://backend.flexpay.cd/api/rest/v1',
  FLEXPAY_CARD_URL: 'https://cardpayment.flexpay.cd/v1.1/pay',
  FLEXPAY_MERCHANT: 'MOTEMA',
  FLEXPAY_TOKEN: 'a-merchant-token',
};

/**
 * The least a test app needs to start as production (env.ts refuses development defaults there): mail
 * to a port nobody hears, a public address, and FlexPay, never the simulator.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:9',
  PUBLIC_URL: 'https://motema.example',
  ...FLEXPAY_PRODUCTION_ENV,
};
