import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AvatarUpdateSchema } from '@motema/shared/media';
import {
  LanguageUpdateSchema,
  MatchPreferencesSchema,
  MeSchema,
  ProfileUpdateSchema,
} from '@motema/shared/users';
import type { AppDeps } from '../../deps.ts';
import { apiErrors } from '../../lib/api-responses.ts';
import { memberOf } from '../../plugins/request-member.ts';
import { presentMe } from './users.presenter.ts';
import { changeLanguage, getMe, setAvatar, updateMatchPreferences, updateProfile } from './users.service.ts';

const MeResponse = { 200: MeSchema };

/**
 * The member's own profile: reading it, the profile, match preferences, language and avatar. The
 * account's security and lifecycle (credentials, deactivation, deletion) are auth's account.routes.ts.
 */
export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  // On onRequest rather than preHandler: a caller without a session gets 401 before any body
  // validation (never a 400 that would keep the web app from sending the member to login).
  const onRequest = app.requireAuth;

  app.get('/users/profile', { onRequest, schema: { response: MeResponse } }, async (request) =>
    presentMe(await getMe(db, memberOf(request).userId)),
  );

  app.put(
    '/users',
    { onRequest, schema: { body: LanguageUpdateSchema, response: MeResponse } },
    async (request) => presentMe(await changeLanguage(db, memberOf(request).userId, request.body.language)),
  );

  app.put(
    '/users/profile',
    { onRequest, schema: { body: ProfileUpdateSchema, response: MeResponse } },
    async (request) => presentMe(await updateProfile(db, memberOf(request).userId, request.body)),
  );

  app.put(
    '/users/match',
    { onRequest, schema: { body: MatchPreferencesSchema, response: MeResponse } },
    async (request) => presentMe(await updateMatchPreferences(db, memberOf(request).userId, request.body)),
  );

  app.put(
    '/users/avatar',
    {
      onRequest,
      schema: {
        body: AvatarUpdateSchema,
        response: { 200: MeSchema, ...apiErrors({ 404: 'not_found: no such photo of the member' }) },
      },
    },
    async (request) => presentMe(await setAvatar(db, memberOf(request).userId, request.body.photo)),
  );
};
