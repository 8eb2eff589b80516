import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConversationListQuerySchema,
  ConversationListSchema,
  ConversationSchema,
  EditMessageSchema,
  ImportantSchema,
  MessagePageSchema,
  MessageSchema,
  MessagesQuerySchema,
  ReactionSchema,
  StartConversationSchema,
} from '@motema/shared/chat';
import type { AppDeps } from '../../deps.ts';
import { clock } from '../../lib/clock.ts';
import {
  presentConversation,
  presentConversationList,
  presentMessage,
  presentMessagePage,
} from './chat.presenter.ts';
import {
  getConversation,
  listConversations,
  startConversation,
} from './conversations/conversations.service.ts';
import { editMessage, hideMessage, starMessage, unsendMessage } from './messages/message-actions.service.ts';
import { reactToMessage } from './messages/message-reactions.service.ts';
import { messagePage } from './messages/message-views.service.ts';
import { apiErrors, noBody } from '../../lib/api-responses.ts';
import { memberOf, perMemberActionLimit, perMemberRateLimit } from '../../plugins/request-member.ts';

const MINUTE = 60_000;

const IdParamsSchema = z.object({ id: z.uuid({ error: 'invalid_value' }) });
const ConversationResultSchema = z.object({ conversation: ConversationSchema });
const MessageResultSchema = z.object({ message: MessageSchema });
/** The refusals of an action on a message (edit, unsend, delete for me, star). */
const MessageRefusals = apiErrors({
  403: 'chat_blocked: one of the members blocked the other',
  404: 'message_not_found',
});
const MessageActionResponse = { 200: MessageResultSchema, ...MessageRefusals };
const ReactionResponse = {
  ...MessageActionResponse,
  ...apiErrors({ 429: 'rate_limited: over 120 reactions a minute; try again after Retry-After seconds' }),
};

/**
 * Conversations, message history and catch-up, edits, unsend, delete for me and stars.
 * Sending and receipts go over the socket (chat-realtime.ts). Every id is checked against the
 * caller's membership first (Z1): a stranger's id is a 404.
 */
export const chatRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/conversations',
    {
      schema: { querystring: ConversationListQuerySchema, response: { 200: ConversationListSchema } },
    },
    async (request) =>
      presentConversationList(
        await listConversations(db, memberOf(request).userId, request.query),
        clock.now(),
      ),
  );

  app.post(
    '/conversations',
    {
      config: perMemberRateLimit('conversation-start', 60, MINUTE),
      schema: {
        body: StartConversationSchema,
        response: {
          200: ConversationResultSchema,
          ...apiErrors({
            402: 'payment_required: behind the paywall (`reason`: UserPopularity or UserPreferences)',
            404: 'user_not_found',
          }),
        },
      },
    },
    async (request) => ({
      conversation: presentConversation(
        await startConversation(deps, memberOf(request).userId, request.body.user),
        clock.now(),
      ),
    }),
  );

  app.get(
    '/conversations/:id',
    { schema: { params: IdParamsSchema, response: { 200: ConversationResultSchema } } },
    async (request) => ({
      conversation: presentConversation(
        await getConversation(db, memberOf(request).userId, request.params.id),
        clock.now(),
      ),
    }),
  );

  app.get(
    '/conversations/:id/messages',
    {
      schema: {
        params: IdParamsSchema,
        querystring: MessagesQuerySchema,
        response: { 200: MessagePageSchema },
      },
    },
    async (request) =>
      presentMessagePage(await messagePage(db, memberOf(request).userId, request.params.id, request.query)),
  );

  app.patch(
    '/messages/:id',
    {
      config: perMemberRateLimit('message-edit', 60, MINUTE),
      schema: { params: IdParamsSchema, body: EditMessageSchema, response: MessageActionResponse },
    },
    async (request) => ({
      message: presentMessage(
        await editMessage(deps, memberOf(request).userId, request.params.id, request.body.text),
      ),
    }),
  );

  app.post(
    '/messages/:id/unsend',
    {
      config: perMemberRateLimit('message-unsend', 60, MINUTE),
      schema: { params: IdParamsSchema, response: MessageActionResponse },
    },
    async (request) => ({
      message: presentMessage(await unsendMessage(deps, memberOf(request).userId, request.params.id)),
    }),
  );

  app.delete(
    '/messages/:id',
    {
      config: perMemberRateLimit('message-hide', 120, MINUTE),
      schema: {
        params: IdParamsSchema,
        response: { 204: noBody('Deleted for the caller'), ...MessageRefusals },
      },
    },
    async (request, reply) => {
      await hideMessage(deps, memberOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/messages/:id/important',
    {
      config: perMemberRateLimit('message-star', 120, MINUTE),
      schema: { params: IdParamsSchema, body: ImportantSchema, response: MessageActionResponse },
    },
    async (request) => ({
      message: presentMessage(
        await starMessage(deps, memberOf(request).userId, request.params.id, request.body.important),
      ),
    }),
  );

  // A member's reaction on a message: set (replacing theirs) or taken off, 120 a minute the two
  // counted together (one counter for both routes). Never a push.
  const reactionLimit = perMemberActionLimit(app, 'message-reaction', 120, MINUTE);
  app.put(
    '/messages/:id/reaction',
    {
      onRequest: reactionLimit,
      schema: { params: IdParamsSchema, body: ReactionSchema, response: ReactionResponse },
    },
    async (request) => ({
      message: presentMessage(
        await reactToMessage(deps, memberOf(request).userId, request.params.id, request.body.emoji),
      ),
    }),
  );
  app.delete(
    '/messages/:id/reaction',
    { onRequest: reactionLimit, schema: { params: IdParamsSchema, response: ReactionResponse } },
    async (request) => ({
      message: presentMessage(await reactToMessage(deps, memberOf(request).userId, request.params.id, null)),
    }),
  );
};
