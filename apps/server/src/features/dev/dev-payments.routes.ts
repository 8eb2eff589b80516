import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderPaymentsPage } from './payments-page.ts';

const DecisionParams = z.object({
  orderNumber: z.string().min(1).max(128),
  decision: z.enum(['approve', 'decline']),
});
const NOTICE = { approve: 'approved', decline: 'declined' } as const;

/**
 * The local FlexPay simulator's payments, to approve or decline by hand (/dev/payments, like the
 * mailbox), and the same as JSON for the end-to-end journeys. Registered by devRoutes outside
 * production, and only when this process started the simulator (main.ts, FLEXPAY_SIM).
 */
export const devPaymentsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const sim = deps.flexpaySim;
  if (!sim) return;
  // The page's forms post without a body worth reading: accept them (this plugin's scope only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
    done(null, {}),
  );

  const decide = async (orderNumber: string, decision: 'approve' | 'decline') => {
    try {
      return await sim.control[decision](orderNumber);
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (status === 404) throw new AppError(404, 'not_found');
      if (status === 409) throw new AppError(409, 'conflict');
      throw error;
    }
  };

  app.get(
    '/dev/payments',
    { schema: { hide: true, querystring: z.object({ done: z.string().max(200).optional() }) } },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        // The app's no-referrer makes a browser send its forms' POSTs with `Origin: null`, which the
        // same-origin rule refuses (decision 0032): this page's Approve and Decline send their origin.
        .header('Referrer-Policy', 'same-origin')
        .send(renderPaymentsPage(sim.control.transactions(), request.query.done)),
  );

  app.post(
    '/dev/payments/:orderNumber/:decision',
    { schema: { hide: true, params: DecisionParams } },
    async (request, reply) => {
      const { orderNumber, decision } = request.params;
      let done: string;
      try {
        await decide(orderNumber, decision);
        done = `Payment ${orderNumber} ${NOTICE[decision]}.`;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        done = `Payment ${orderNumber} could not be ${NOTICE[decision]}: it is not pending.`;
      }
      return reply.redirect(`/dev/payments?done=${encodeURIComponent(done)}`, 303);
    },
  );

  app.get('/api/dev/payments', { schema: { hide: true } }, async () => ({
    payments: sim.control.transactions(),
  }));

  app.post(
    '/api/dev/payments/:orderNumber/:decision',
    { schema: { hide: true, params: DecisionParams } },
    async (request) => decide(request.params.orderNumber, request.params.decision),
  );
};
