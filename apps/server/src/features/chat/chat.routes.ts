import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConversationListQuerySchema,
  ConversationListSchema,
  ConversationSchema,
  CountersSchema,
  EditMessageSchema,
  ImportantSchema,
  MessagePageSchema,
  MessageSchema,
  MessagesQuerySchema,
  StartConversationSchema,
} from '@motema/shared/chat';
import type { AppDeps } from '../../deps.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { getConversation, listConversations, messagePage, startConversation } from './chat.service.ts';
import { countersOf, seeNotifications } from './counters.service.ts';
import { editMessage, hideMessage, starMessage, unsendMessage } from './message-actions.service.ts';

const MINUTE = 60_000;

/** Limits per member (R1), whatever the address; a request without a session is keyed by its address. */
const perMember = (name: string, max: number) => ({
  rateLimit: {
    max,
    timeWindow: MINUTE,
    keyGenerator: (request: FastifyRequest) =>
      request.auth ? `${name}:member:${request.auth.userId}` : `${name}:ip:${request.ip}`,
  },
});

const IdParamsSchema = z.object({ id: z.uuid({ error: 'invalid_value' }) });
const ConversationResultSchema = z.object({ conversation: ConversationSchema });
const MessageResultSchema = z.object({ message: MessageSchema });

function auth(request: FastifyRequest) {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * Conversations, message history and catch-up, edits, unsend, delete for me, stars and counters.
 * Sending and receipts go over the socket (chat-realtime.ts). Every id is checked against the
 * caller's membership first (Z1): a stranger's id is a 404.
 */
export const chatRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const onRequest = app.requireAuth;

  app.get(
    '/conversations',
    {
      onRequest,
      schema: { querystring: ConversationListQuerySchema, response: { 200: ConversationListSchema } },
    },
    async (request) => listConversations(db, auth(request).userId, request.query),
  );

  app.post(
    '/conversations',
    {
      onRequest,
      config: perMember('conversation-start', 60),
      schema: { body: StartConversationSchema, response: { 200: ConversationResultSchema } },
    },
    async (request) => ({
      conversation: await startConversation(db, auth(request).userId, request.body.user),
    }),
  );

  app.get(
    '/conversations/:id',
    { onRequest, schema: { params: IdParamsSchema, response: { 200: ConversationResultSchema } } },
    async (request) => ({ conversation: await getConversation(db, auth(request).userId, request.params.id) }),
  );

  app.get(
    '/conversations/:id/messages',
    {
      onRequest,
      schema: {
        params: IdParamsSchema,
        querystring: MessagesQuerySchema,
        response: { 200: MessagePageSchema },
      },
    },
    async (request) => messagePage(db, auth(request).userId, request.params.id, request.query),
  );

  app.patch(
    '/messages/:id',
    {
      onRequest,
      config: perMember('message-edit', 60),
      schema: { params: IdParamsSchema, body: EditMessageSchema, response: { 200: MessageResultSchema } },
    },
    async (request) => ({
      message: await editMessage(db, auth(request).userId, request.params.id, request.body.text),
    }),
  );

  app.post(
    '/messages/:id/unsend',
    {
      onRequest,
      config: perMember('message-unsend', 60),
      schema: { params: IdParamsSchema, response: { 200: MessageResultSchema } },
    },
    async (request) => ({ message: await unsendMessage(deps, auth(request).userId, request.params.id) }),
  );

  app.delete(
    '/messages/:id',
    { onRequest, config: perMember('message-hide', 120), schema: { params: IdParamsSchema } },
    async (request, reply) => {
      await hideMessage(db, auth(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/messages/:id/important',
    {
      onRequest,
      config: perMember('message-star', 120),
      schema: { params: IdParamsSchema, body: ImportantSchema, response: { 200: MessageResultSchema } },
    },
    async (request) => ({
      message: await starMessage(db, auth(request).userId, request.params.id, request.body.important),
    }),
  );

  app.get('/counters', { onRequest, schema: { response: { 200: CountersSchema } } }, async (request) =>
    countersOf(db, auth(request).userId),
  );

  app.put(
    '/counters/notifications',
    { onRequest, config: perMember('notifications-seen', 60), schema: { response: { 200: CountersSchema } } },
    async (request) => seeNotifications(db, auth(request).userId),
  );
};
