import type { HomePart } from '../../lib/feature-module.ts';
import { BillingRealtime } from './billing-realtime.tsx';
import { PaymentRequiredHost } from './payment-required-host.tsx';

/** A send refused behind the paywall (socket app:error, HTTP 402) opens the payment-required dialog. */
export const homePart: HomePart = { hosts: [PaymentRequiredHost, BillingRealtime] };
