import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContactConfirmSchema,
  EmailChangeSchema,
  PasswordChangeSchema,
  PasswordConfirmSchema,
  PendingEmailChangeSchema,
  PendingPhoneChangeSchema,
  PhoneChangeSchema,
} from '@motema/shared/auth';
import { MeSchema } from '@motema/shared/users';
import type { AppDeps } from '../../deps.ts';
import { noBody } from '../../lib/api-responses.ts';
import { memberOf } from '../../plugins/request-member.ts';
import { presentMe } from '../users/users.presenter.ts';
import { deactivateAccount, deleteAccount } from './account-closure.service.ts';
import {
  changePassword,
  confirmEmailChange,
  confirmPhoneChange,
  pendingEmailChange,
  pendingPhoneChange,
  requestEmailChange,
  requestPhoneChange,
} from './credentials.service.ts';

/** Routes that check a password or a code: guessing is slowed down per IP (R1). */
const PASSWORD_CHECK = { rateLimit: { max: 10, timeWindow: '1 minute' } };

const MeResponse = { 200: MeSchema };
const NoPending = noBody('No change under way (never asked, confirmed, expired or tried too often)');
const Closed = { 204: noBody('Done; the session cookie cleared, every session ended') };
/** The phone in any usual format, plus the ISO country to read a national number in. */
const PhoneRequestSchema = PhoneChangeSchema.extend({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'invalid_value' })
    .optional(),
});

/** The member's account security and lifecycle: password, e-mail, phone, deactivation, deletion. */
export const accountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.put(
    '/users/password',
    {
      config: PASSWORD_CHECK,
      schema: {
        body: PasswordChangeSchema,
        response: { 204: noBody('Password changed; the other sessions ended') },
      },
    },
    async (request, reply) => {
      await changePassword(deps, memberOf(request), request.body);
      return reply.code(204).send();
    },
  );

  app.post(
    '/users/email',
    {
      config: PASSWORD_CHECK,
      schema: { body: EmailChangeSchema, response: { 202: z.object({ email: z.string() }) } },
    },
    async (request, reply) =>
      reply.code(202).send(await requestEmailChange(deps, memberOf(request).userId, request.body)),
  );

  app.get(
    '/users/email/pending',
    { schema: { response: { 200: PendingEmailChangeSchema, 204: NoPending } } },
    async (request, reply) => {
      const pending = await pendingEmailChange(deps, memberOf(request).userId);
      return pending ? pending : reply.code(204).send();
    },
  );

  app.post(
    '/users/email/confirm',
    { config: PASSWORD_CHECK, schema: { body: ContactConfirmSchema, response: MeResponse } },
    async (request) => presentMe(await confirmEmailChange(deps, memberOf(request).userId, request.body.code)),
  );

  app.post(
    '/users/phone',
    {
      config: PASSWORD_CHECK,
      schema: { body: PhoneRequestSchema, response: { 202: z.object({ phone: z.string() }) } },
    },
    async (request, reply) =>
      reply.code(202).send(await requestPhoneChange(deps, memberOf(request).userId, request.body)),
  );

  app.get(
    '/users/phone/pending',
    { schema: { response: { 200: PendingPhoneChangeSchema, 204: NoPending } } },
    async (request, reply) => {
      const pending = await pendingPhoneChange(deps, memberOf(request).userId);
      return pending ? pending : reply.code(204).send();
    },
  );

  app.post(
    '/users/phone/confirm',
    { config: PASSWORD_CHECK, schema: { body: ContactConfirmSchema, response: MeResponse } },
    async (request) => presentMe(await confirmPhoneChange(deps, memberOf(request).userId, request.body.code)),
  );

  app.post(
    '/users/deactivate',
    { config: PASSWORD_CHECK, schema: { body: PasswordConfirmSchema, response: Closed } },
    async (request, reply) => {
      await deactivateAccount(deps, memberOf(request).userId, request.body.password);
      return reply.clearSessionCookie().code(204).send();
    },
  );

  app.delete(
    '/users',
    { config: PASSWORD_CHECK, schema: { body: PasswordConfirmSchema, response: Closed } },
    async (request, reply) => {
      await deleteAccount(deps, memberOf(request).userId, request.body.password);
      return reply.clearSessionCookie().code(204).send();
    },
  );
};
