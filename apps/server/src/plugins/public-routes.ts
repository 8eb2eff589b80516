import type { FastifyRequest, RouteOptions } from 'fastify';
import { apiErrors } from '../lib/api-responses.ts';
import { unauthorized } from '../lib/app-error.ts';

/**
 * The only API routes a visitor may call without a session. Every other route under /api answers 401
 * before anything else runs (`requireSessionUnlessPublic`, the hook of app.ts's /api context): a new
 * route is protected unless it is added here. routes-fuzz.test.ts checks both ways.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  // Joining, confirming, logging in and out, a forgotten password.
  'POST /api/auth/register',
  'POST /api/auth/confirm',
  'POST /api/auth/confirm/resend',
  'POST /api/auth/login',
  'PUT /api/users/logout',
  'POST /api/auth/password/send',
  'POST /api/auth/password/verify',
  'POST /api/auth/password/reset',
  // A member's public profile, which a visitor may open from a shared link (SPEC section 2).
  'GET /api/users/:id',
  // Files answer 404 to anyone the owner's rules do not let see them, a visitor included, so that
  // an id reveals nothing (Z5); with a session the rules decide.
  'GET /api/media/:photoId/:file',
  'GET /api/chat-files/:fileId/:file',
  // A public post, its comments and its media, which a visitor may open from a shared link (SPEC
  // section 2): a private post answers them 403 post_not_allowed, its files 404 (posts.policy.ts).
  'GET /api/posts/:id',
  'GET /api/posts/:id/comments',
  'GET /api/posts/:postId/media/:itemId/:file',
  // The payment provider's callback: it carries no session; a secret token in its URL names the
  // payment, and it only triggers a status check (PAYMENTS.md P7).
  'POST /api/payments/callback/flexpay/:token',
  // Each install of the app registers itself, a visitor's too (SPEC section 7); a session ties it to the member.
  'POST /api/devices',
  // A visit of someone not connected (SPEC section 3): nothing naming them is kept, no IP address.
  'POST /api/visitors',
  // The e-mail digest's one-click unsubscribe (RFC 8058): mail clients post without a session; the
  // random token in the link names the member, and can only turn the digest off. GET only asks.
  'GET /api/notifications/unsubscribe',
  'POST /api/notifications/unsubscribe',
  // For load balancers; registered before the session plugin, outside the /api context.
  'GET /api/health',
  // The development outbox (/dev/mailbox reads it): never registered in production (app.ts).
  'GET /api/dev/outbox',
]);

/**
 * The state-changing routes other sites' machines call, exempt from the app's origin rule
 * (plugins/same-origin.ts, decision 0032): no session cookie gives them any power, a secret token in
 * their address does, so a request from another origin forges nothing.
 */
export const CROSS_ORIGIN_ROUTES: ReadonlySet<string> = new Set([
  // FlexPay's servers (PAYMENTS.md P7); the token names the payment, the call only asks for a check.
  'POST /api/payments/callback/flexpay/:token',
  // A mail client's one click (RFC 8058), possibly from a webmail's page: the token names the member.
  'POST /api/notifications/unsubscribe',
]);

/** `GET /api/users/:id`: how a route is named in PUBLIC_ROUTES. */
export const routeName = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

const isPublic = (method: string, url: string) =>
  PUBLIC_ROUTES.has(routeName(method === 'HEAD' ? 'GET' : method, url));

/** onRoute hook of the /api context: the OpenAPI document gives each protected route its 401. */
export function documentUnauthorized(route: RouteOptions): void {
  if ([route.method].flat().every((method) => isPublic(method, route.url))) return;
  route.schema = {
    ...route.schema,
    response: { ...apiErrors({ 401: 'unauthorized: no live session' }), ...(route.schema?.response ?? {}) },
  };
}

/** onRequest hook of the /api context: 401 without a live session, but on the public routes. */
export async function requireSessionUnlessPublic(request: FastifyRequest): Promise<void> {
  if (request.auth) return;
  const { method, url } = request.routeOptions;
  // Fastify answers HEAD with the GET route's handler: the same rule.
  if (url !== undefined && isPublic(String(method), url)) return;
  throw unauthorized();
}
