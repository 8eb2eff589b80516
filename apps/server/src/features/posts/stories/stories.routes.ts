import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StoryListSchema, StorySchema, StoryTraySchema, StoryViewersSchema } from '@motema/shared/posts';
import { StoryCreateSchema } from '@motema/shared/story-create';
import { StoryReplyResultSchema, StoryReplySchema } from '@motema/shared/story-replies';
import type { AppDeps } from '../../../deps.ts';
import type { RateLimiter } from '../../../lib/rate-limiter.ts';
import { presentMessage } from '../../chat/chat.presenter.ts';
import { apiErrors, noBody } from '../../../lib/api-responses.ts';
import { memberOf, perMemberRateLimit } from '../../../plugins/request-member.ts';
import { sendServedFile, servedFileResponses } from '../../../plugins/served-file-reply.ts';
import {
  presentStory,
  presentStoryList,
  presentStoryTray,
  presentStoryViewers,
} from './stories.presenter.ts';
import {
  createStory,
  deleteStory,
  listMemberStories,
  listStoryViewers,
  recordStoryView,
} from './stories.service.ts';
import { openStoryMediaFile } from './story-media.service.ts';
import { replyToStory } from './story-replies.service.ts';
import { storyTray } from './story-tray.service.ts';

const HOUR = 60 * 60_000;

/** Any id: what cannot be a story's is a 404 as a missing one (the service checks). */
const StoryParamsSchema = z.object({ id: z.string().max(64) });
const MemberParamsSchema = z.object({ id: z.uuid({ error: 'invalid_value' }) });
const StoryMediaParamsSchema = z.object({
  storyId: z.string().max(64),
  itemId: z.string().max(64),
  file: z.string().max(32),
});
const MEDIA_TYPES = ['image/*', 'video/*', 'audio/*'];
const mediaFileResponses = {
  ...servedFileResponses(MEDIA_TYPES),
  ...apiErrors({ 404: 'not_found: no such file, or the caller may not see the story (now)' }),
};

/**
 * `private, no-cache` for a story's files: the browser asks again on each use (a 304 while it still
 * may), since a block or the story's end takes the access away while the URL stays the same.
 */
const STORY_FILE_CACHE_CONTROL = 'private, no-cache';

const StoryNotFound = apiErrors({ 404: 'story_not_found: no such story, or not one the caller may see' });

/**
 * Stories, for members only (a visitor gets 401): post one, home's tray, a member's stories, seen
 * tracking, the author's viewers list, replies, deletion, and their media files. Who sees what is
 * stories.policy.ts. `limiter` counts a reply against the member's message limit, as the chat's socket.
 */
export const storiesRoutes: FastifyPluginAsyncZod<AppDeps & { limiter: RateLimiter }> = async (app, deps) => {
  const { db } = deps;

  app.post(
    '/stories',
    {
      // The stories' own limits (STORIES_PER_HOUR, STORIES_PER_DAY) are the service's; this one
      // bounds the requests themselves, refused or not.
      config: perMemberRateLimit('story-create', 120, HOUR),
      schema: {
        body: StoryCreateSchema,
        response: {
          201: StorySchema,
          ...apiErrors({
            400: 'validation_failed, media_not_found, media_failed, story_media_unsupported, video_too_long',
            409: 'media_already_used',
            429: 'stories_limit_reached (Retry-After), rate_limited',
          }),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentStory(await createStory(deps, memberOf(request).userId, request.body))),
  );

  app.get('/stories', { schema: { response: { 200: StoryTraySchema } } }, async (request) =>
    presentStoryTray(await storyTray(db, memberOf(request).userId)),
  );

  app.get(
    '/users/:id/stories',
    {
      schema: {
        params: MemberParamsSchema,
        response: { 200: StoryListSchema, ...apiErrors({ 404: 'user_not_found' }) },
      },
    },
    async (request) =>
      presentStoryList(await listMemberStories(db, memberOf(request).userId, request.params.id)),
  );

  app.post(
    '/stories/:id/views',
    {
      config: perMemberRateLimit('story-view', 1200, HOUR),
      schema: { params: StoryParamsSchema, response: { 204: noBody('Seen'), ...StoryNotFound } },
    },
    async (request, reply) => {
      await recordStoryView(db, memberOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/stories/:id/replies',
    {
      config: perMemberRateLimit('story-reply', 600, HOUR),
      schema: {
        params: StoryParamsSchema,
        body: StoryReplySchema,
        response: {
          201: StoryReplyResultSchema,
          ...apiErrors({
            202: 'message_held: the caller is restricted and the author has not written to them; held for staff (docs/scam-shield.md)',
            400: 'validation_failed, self_not_allowed (one’s own story)',
            402: 'payment_required: the chat’s paywall (`reason`: UserPopularity or UserPreferences)',
            403: 'chat_blocked; verification_required: a moderator asked the caller to verify their profile',
            404: 'story_not_found: no such story, or not one the caller may see (its audience, a block, its end)',
            409: 'review_before_send: a phone number or money in a first message, send again with `confirmed: true`; new_account_contact: a link or phone number from an account younger than a day',
            429: 'rate_limited: the member’s message limit; new_account_slowed: an account younger than a day, its messages an hour to members who have not answered',
          }),
        },
      },
    },
    async (request, reply) => {
      const sent = await replyToStory(deps, memberOf(request).userId, request.params.id, request.body);
      return reply
        .code(201)
        .send({ conversation: { _id: sent.conversationId }, message: presentMessage(sent.message) });
    },
  );

  app.get(
    '/stories/:id/viewers',
    { schema: { params: StoryParamsSchema, response: { 200: StoryViewersSchema, ...StoryNotFound } } },
    async (request) =>
      presentStoryViewers(await listStoryViewers(db, memberOf(request).userId, request.params.id)),
  );

  app.delete(
    '/stories/:id',
    { schema: { params: StoryParamsSchema, response: { 204: noBody('Story deleted'), ...StoryNotFound } } },
    async (request, reply) => {
      await deleteStory(deps, memberOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/stories/:storyId/media/:itemId/:file',
    {
      schema: {
        params: StoryMediaParamsSchema,
        response: mediaFileResponses,
      },
    },
    async (request, reply) => {
      const served = await openStoryMediaFile(deps, {
        viewerId: memberOf(request).userId,
        storyId: request.params.storyId,
        itemId: request.params.itemId,
        fileName: request.params.file,
        range: request.headers.range,
        ifNoneMatch: request.headers['if-none-match'],
      });
      return sendServedFile(reply, served, STORY_FILE_CACHE_CONTROL);
    },
  );
};
