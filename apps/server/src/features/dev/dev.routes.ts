import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { renderMailboxPage } from './mailbox-page.ts';
import { devPaymentsRoutes } from './dev-payments.routes.ts';
import { latestOutboxMessages } from './dev.service.ts';

const OutboxQuerySchema = z.object({ to: z.string().trim().max(320).optional() });
const OutboxSchema = z.object({
  messages: z.array(
    z.object({
      channel: z.enum(['email', 'sms']),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

/** Development helpers, registered at the root and never in production. */
export const devRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(devPaymentsRoutes, deps);

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await latestOutboxMessages(deps.db);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(renderMailboxPage(rows));
  });

  app.get(
    '/api/dev/outbox',
    { schema: { querystring: OutboxQuerySchema, response: { 200: OutboxSchema } } },
    async (request) => {
      const rows = await latestOutboxMessages(deps.db, request.query.to);
      return {
        messages: rows.map((row) => ({
          channel: row.channel,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
