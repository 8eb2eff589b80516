import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfirmEmailSchema,
  LoginSchema,
  LogoutSchema,
  RegisterSchema,
  ResendConfirmationSchema,
  ResetPasswordSchema,
  ResetSendSchema,
  ResetVerifySchema,
} from '@motema/shared/auth';
import { MeSchema } from '@motema/shared/users';
import type { AppDeps } from '../../deps.ts';
import type { Env } from '../../env.ts';
import { apiErrors, noBody } from '../../lib/api-responses.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentMe } from '../users/users.presenter.ts';
import {
  confirmEmail,
  login,
  logout,
  register,
  resendConfirmation,
  type RequestInfo,
} from './auth.service.ts';
import { resetPassword, sendPasswordResetCode, verifyPasswordResetCode } from './password-reset.service.ts';
import { preferredLanguage } from './request-language.ts';
import { requesterOf } from './requester.ts';

const RegisteredSchema = z.object({ email: z.string() });
const ValidCodeSchema = z.object({ valid: z.literal(true) });
const LogoutRouteSchema = {
  body: LogoutSchema.nullable(),
  response: { 204: noBody('Logged out, the cookie cleared') },
};
const LoginErrors = apiErrors({
  401: 'invalid_credentials: no account with this identifier and password',
  403: 'account_not_active: the password is right, the account is not active; `email` is where its code goes',
});
const ConfirmErrors = apiErrors({
  400: 'code_invalid, code_expired (a new code is mailed), code_too_many_tries',
  409: 'account_already_confirmed: the link was used and its account is confirmed; log in',
  429: 'code_too_many_tries: too many wrong codes from this address',
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Where links in mails point: PUBLIC_URL, else the origin the request came to. */
function requestInfo(env: Env, request: FastifyRequest): RequestInfo {
  const origin = env.PUBLIC_URL
    ? env.PUBLIC_URL.replace(/\/+$/, '')
    : `${request.protocol}://${request.host}`;
  const userAgent = request.headers['user-agent'] ?? null;
  return {
    origin,
    language: preferredLanguage(request.headers['accept-language']),
    userAgent,
    requester: requesterOf(request.ip),
    note: (message, fields) => request.log.info(fields, message),
  };
}

/** Registration, e-mail confirmation, login, logout and password reset. */
export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { env } = deps;
  /** Per-IP limits: the route config of @fastify/rate-limit (429 with Retry-After). */
  const perIp = (max: number, timeWindow: number) => ({ rateLimit: { max, timeWindow } });

  /** Logins are also limited per identifier, whatever the address they come from. */
  const identifierLimit = app.createRateLimit({
    max: 10,
    timeWindow: MINUTE,
    keyGenerator: (request) => {
      const body = request.body as { identifier?: unknown } | undefined;
      return `login-identifier:${String(body?.identifier ?? '')
        .trim()
        .toLowerCase()}`;
    },
  });
  const limitPerIdentifier = async (request: FastifyRequest) => {
    const result = await identifierLimit(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError(429, 'rate_limited', { headers: { 'retry-after': String(result.ttlInSeconds) } });
    }
  };

  app.post(
    '/auth/register',
    { schema: { body: RegisterSchema, response: { 202: RegisteredSchema } }, config: perIp(10, HOUR) },
    async (request, reply) =>
      reply.status(202).send(await register(deps, request.body, requestInfo(env, request))),
  );

  app.post(
    '/auth/confirm',
    {
      schema: { body: ConfirmEmailSchema, response: { 200: MeSchema, ...ConfirmErrors } },
      config: perIp(10, MINUTE),
    },
    async (request, reply) => {
      const { user, token } = await confirmEmail(deps, request.body, requestInfo(env, request));
      return reply.setSessionCookie(token, user.language).send(presentMe(user));
    },
  );

  app.post(
    '/auth/confirm/resend',
    {
      schema: {
        body: ResendConfirmationSchema,
        response: { 202: noBody('A new code is sent if the account waits') },
      },
      config: perIp(5, 10 * MINUTE),
    },
    async (request, reply) => {
      await resendConfirmation(deps, request.body.email, requestInfo(env, request));
      return reply.status(202).send();
    },
  );

  app.post(
    '/auth/login',
    {
      schema: { body: LoginSchema, response: { 200: MeSchema, ...LoginErrors } },
      config: perIp(10, MINUTE),
      preHandler: limitPerIdentifier,
    },
    async (request, reply) => {
      const { user, token } = await login(deps, request.body, requestInfo(env, request));
      return reply.setSessionCookie(token, user.language).send(presentMe(user));
    },
  );

  // Logging out without a live session still clears the cookie: logout is idempotent.
  app.put('/users/logout', { schema: LogoutRouteSchema }, async (request, reply) => {
    if (request.auth) await logout(deps, request.auth, request.body ?? {});
    return reply.clearSessionCookie().status(204).send();
  });

  app.post(
    '/auth/password/send',
    {
      schema: { body: ResetSendSchema, response: { 202: noBody('A code is sent if the account exists') } },
      config: perIp(5, 10 * MINUTE),
    },
    async (request, reply) => {
      await sendPasswordResetCode(deps, request.body);
      return reply.status(202).send();
    },
  );

  app.post(
    '/auth/password/verify',
    { schema: { body: ResetVerifySchema, response: { 200: ValidCodeSchema } }, config: perIp(10, MINUTE) },
    async (request) => verifyPasswordResetCode(deps, request.body, requestInfo(env, request)),
  );

  app.post(
    '/auth/password/reset',
    {
      schema: {
        body: ResetPasswordSchema,
        response: { 204: noBody('Password changed, other sessions ended') },
      },
      config: perIp(10, MINUTE),
    },
    async (request, reply) => {
      await resetPassword(deps, request.body, requestInfo(env, request));
      return reply.status(204).send();
    },
  );
};
