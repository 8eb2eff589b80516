import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ProfileSchema,
  RatingResultSchema,
  RatingSchema,
  UserListQuerySchema,
  UserListSchema,
} from '@motema/shared/discovery';
import type { AppDeps } from '../../deps.ts';
import { ChildAccountsQuerySchema } from '@motema/shared/partnership';
import type { ChildAccounts } from '../../child-accounts-port.ts';
import { apiErrors } from '../../lib/api-responses.ts';
import { AppError, invalidFields } from '../../lib/app-error.ts';
import { toFieldIssue } from '../../plugins/errors.ts';
import { clock } from '../../lib/clock.ts';
import { presentProfile, presentUserList } from './discovery.presenter.ts';
import { openProfile } from './profiles.service.ts';
import { rateUser } from './ratings.service.ts';
import { listUsers } from './user-lists.service.ts';
import { memberOf, perMemberRateLimit } from '../../plugins/request-member.ts';

/** The app's deps, and a partner's children (the partnership feature's port) for GET /users?parent-id=. */
export type DiscoveryRouteDeps = AppDeps & { childAccounts: ChildAccounts };

/** Ratings per member per minute (R1): a fast swipe is about one a second. */
export const RATINGS_PER_MINUTE = 120;

/** Discovery: the keyed lists, profile pages (visitors allowed) and ratings. */
export const discoveryRoutes: FastifyPluginAsyncZod<DiscoveryRouteDeps> = async (app, deps) => {
  const { db, childAccounts } = deps;

  app.get(
    '/users',
    {
      schema: { querystring: UserListQuerySchema, response: { 200: UserListSchema } },
      // `parent-id` asks for a partner's child accounts (the SPEC's path): another answer, the
      // partnership feature's (packages/shared/src/partnership.ts), given before the list's validation.
      preValidation: async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        if (!('parent-id' in query)) return;
        const parsed = ChildAccountsQuerySchema.safeParse(query);
        if (!parsed.success) throw invalidFields(...parsed.error.issues.map((issue) => toFieldIssue(issue)));
        const answer = await childAccounts.list(db, memberOf(request).userId, parsed.data);
        if (!answer) throw new AppError(404, 'user_not_found');
        // Not the list's serializer: the answer is ChildAccountsAnswer, written as JSON as it is.
        return reply.serializer(JSON.stringify).send(answer as never);
      },
    },
    async (request) =>
      presentUserList(await listUsers(db, memberOf(request).userId, request.query), clock.now()),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        response: { 200: ProfileSchema, ...apiErrors({ 404: 'user_not_found' }) },
      },
    },
    async (request) =>
      presentProfile(await openProfile(deps, request.auth?.userId ?? null, request.params.id), clock.now()),
  );

  app.post(
    '/rate/user',
    {
      config: perMemberRateLimit('rating', RATINGS_PER_MINUTE, '1 minute'),
      schema: {
        body: RatingSchema,
        response: {
          200: RatingResultSchema,
          ...apiErrors({ 404: 'user_not_found: no such member to rate' }),
        },
      },
    },
    async (request) => rateUser(deps, memberOf(request).userId, request.body),
  );
};
