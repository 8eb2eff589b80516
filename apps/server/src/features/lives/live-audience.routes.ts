import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LiveMessageListSchema,
  LiveMessageSchema,
  LiveViewerListSchema,
  LiveViewerSchema,
  LiveViewerUpdateSchema,
} from '@motema/shared/lives';
import { apiErrors, noBody } from '../../lib/api-responses.ts';
import { memberOf, perMemberRateLimit } from '../../plugins/request-member.ts';
import { dropMessage, listMessages, releaseMessage } from './live-chat.service.ts';
import { listViewers, removeViewer, updateViewer } from './live-viewers.service.ts';
import type { LivesDeps } from './lives-runtime.ts';
import { LiveParamsSchema, notFound, refused } from './lives.routes.ts';
import { presentLiveMessage, presentLiveViewer } from './lives.presenter.ts';

const MINUTE = 60_000;
const ViewerParamsSchema = LiveParamsSchema.extend({ userId: z.uuid().describe('The viewer') });
const MessageParamsSchema = LiveParamsSchema.extend({ messageId: z.uuid().describe('The message') });
const viewerNotFound = `${notFound}; live_viewer_not_found: that member is not a viewer of it`;
const messageNotFound = `${notFound}; live_message_not_found: no such message (or not held, to release)`;

/**
 * A live's audience (docs/lives.md): its viewers (names to the broadcaster and the live's moderators
 * only), naming moderators, muting and removing, and its chat's messages (held ones released or
 * dropped by the broadcaster or a live moderator).
 */
export const liveAudienceRoutes: FastifyPluginAsyncZod<LivesDeps> = async (app, deps) => {
  app.get(
    '/lives/:id/viewers',
    {
      schema: {
        params: LiveParamsSchema,
        response: {
          200: LiveViewerListSchema,
          ...apiErrors({ 404: `${notFound}, or a plain viewer asking` }),
        },
      },
    },
    async (request) => ({
      viewers: (await listViewers(deps, memberOf(request).userId, request.params.id)).map(presentLiveViewer),
    }),
  );

  app.patch(
    '/lives/:id/viewers/:userId',
    {
      config: perMemberRateLimit('live-viewer-update', 120, MINUTE),
      schema: {
        params: ViewerParamsSchema,
        body: LiveViewerUpdateSchema,
        response: { 200: LiveViewerSchema, ...apiErrors({ 403: refused, 404: viewerNotFound }) },
      },
    },
    async (request) =>
      presentLiveViewer(
        await updateViewer(
          deps,
          memberOf(request).userId,
          request.params.id,
          request.params.userId,
          request.body,
        ),
      ),
  );

  app.delete(
    '/lives/:id/viewers/:userId',
    {
      config: perMemberRateLimit('live-viewer-remove', 120, MINUTE),
      schema: {
        params: ViewerParamsSchema,
        response: {
          204: noBody('The viewer was removed for good'),
          ...apiErrors({ 403: refused, 404: viewerNotFound }),
        },
      },
    },
    async (request, reply) => {
      await removeViewer(deps, memberOf(request).userId, request.params.id, request.params.userId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/lives/:id/messages',
    {
      schema: {
        params: LiveParamsSchema,
        response: { 200: LiveMessageListSchema, ...apiErrors({ 404: notFound }) },
      },
    },
    async (request) => ({
      messages: (await listMessages(deps, memberOf(request).userId, request.params.id)).map(
        presentLiveMessage,
      ),
    }),
  );

  app.post(
    '/lives/:id/messages/:messageId/release',
    {
      schema: {
        params: MessageParamsSchema,
        response: { 200: LiveMessageSchema, ...apiErrors({ 403: refused, 404: messageNotFound }) },
      },
    },
    async (request) =>
      presentLiveMessage(
        await releaseMessage(deps, memberOf(request).userId, request.params.id, request.params.messageId),
      ),
  );

  app.delete(
    '/lives/:id/messages/:messageId',
    {
      schema: {
        params: MessageParamsSchema,
        response: {
          204: noBody('The message was taken down'),
          ...apiErrors({ 403: refused, 404: messageNotFound }),
        },
      },
    },
    async (request, reply) => {
      await dropMessage(deps, memberOf(request).userId, request.params.id, request.params.messageId);
      return reply.code(204).send();
    },
  );
};
