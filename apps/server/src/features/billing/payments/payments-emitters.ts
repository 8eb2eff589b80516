import type { AppDeps } from '../../../deps.ts';
import type { Realtime } from '../../../realtime/server.ts';

/**
 * The socket side of payments, subscribed by billing.module.ts (decision 0017): `billing:payment` with the
 * payment's id to every device of its member (room `user:{id}`) once it settled, so a waiting screen
 * refetches it instead of polling. Only the id goes: the member's GET answers the rest.
 */
export function subscribePaymentsEvents({ events }: Pick<AppDeps, 'events'>, realtime: Pick<Realtime, 'io'>) {
  events.on('payment.settled', ({ paymentId, userId }) => {
    realtime.io.to(`user:${userId}`).emit('billing:payment', { _id: paymentId });
  });
}
