import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AvatarUpdateSchema } from '@motema/shared/media';
import {
  LanguageUpdateSchema,
  MatchPreferencesSchema,
  MeSchema,
  PrivacyUpdateSchema,
  ProfileUpdateSchema,
} from '@motema/shared/users';
import type { AppDeps } from '../../deps.ts';
import { apiErrors } from '../../lib/api-responses.ts';
import { memberOf } from '../../plugins/request-member.ts';
import { presentMe } from './users.presenter.ts';
import {
  changeLanguage,
  getMe,
  setAvatar,
  updateMatchPreferences,
  updatePrivacy,
  updateProfile,
} from './users.service.ts';

const MeResponse = { 200: MeSchema };

/**
 * The member's own profile: reading it, the profile, match preferences, privacy, language and avatar. The
 * account's security and lifecycle (credentials, deactivation, deletion) are auth's account.routes.ts.
 */
export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get('/users/profile', { schema: { response: MeResponse } }, async (request) =>
    presentMe(await getMe(db, memberOf(request).userId)),
  );

  app.put('/users', { schema: { body: LanguageUpdateSchema, response: MeResponse } }, async (request) =>
    presentMe(await changeLanguage(db, memberOf(request).userId, request.body.language)),
  );

  app.put(
    '/users/profile',
    { schema: { body: ProfileUpdateSchema, response: MeResponse } },
    async (request) => presentMe(await updateProfile(db, memberOf(request).userId, request.body)),
  );

  app.put(
    '/users/match',
    { schema: { body: MatchPreferencesSchema, response: MeResponse } },
    async (request) => presentMe(await updateMatchPreferences(db, memberOf(request).userId, request.body)),
  );

  app.patch(
    '/users/privacy',
    {
      schema: {
        body: PrivacyUpdateSchema,
        response: {
          ...MeResponse,
          ...apiErrors({ 400: 'validation_failed: discreet not a boolean, or another field named' }),
        },
      },
    },
    async (request) => presentMe(await updatePrivacy(db, memberOf(request).userId, request.body)),
  );

  app.put(
    '/users/avatar',
    {
      schema: {
        body: AvatarUpdateSchema,
        response: { 200: MeSchema, ...apiErrors({ 404: 'not_found: no such photo of the member' }) },
      },
    },
    async (request) => presentMe(await setAvatar(deps, memberOf(request).userId, request.body.photo)),
  );
};
