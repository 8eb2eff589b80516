import type { FastifyInstance, RouteOptions } from 'fastify';
import { apiErrors } from '../lib/api-responses.ts';
import { AppError } from '../lib/app-error.ts';
import { isFromTheApp } from '../lib/origin.ts';
import { routeName } from './public-routes.ts';

/** Methods that change nothing: a page of any origin may send them (the answer is what it cannot read). */
const READS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request changes something and is not one of `exempt` (the machines' callbacks). */
const changes = (exempt: ReadonlySet<string>, method: string, url: string | undefined) =>
  !READS.has(method) && !(url !== undefined && exempt.has(routeName(method, url)));

/**
 * Cross-site request forgery (decision 0032): a POST, PUT, PATCH or DELETE from a browser page that
 * is not the app's, a sibling subdomain's or another port's of the same host included (the session
 * cookie, SameSite=Lax, goes with their requests), is refused 403 origin_not_allowed before its body
 * is read or its session looked up. The rule is lib/origin.ts's, the Socket.IO handshake's too; the
 * mobile app's bundled copy (`shellOrigins`, decision 0052) passes it, its session being its bearer alone;
 * `crossOriginRoutes` (what the modules list: modules/index.ts's CROSS_ORIGIN_ROUTES) are exempt.
 */
export function refuseCrossOriginChanges(
  app: FastifyInstance,
  publicOrigin: string | undefined,
  crossOriginRoutes: ReadonlySet<string>,
  shellOrigins: ReadonlySet<string>,
): void {
  app.addHook('onRequest', async (request) => {
    if (!changes(crossOriginRoutes, request.method, request.routeOptions.url)) return;
    if (!isFromTheApp(request.headers, publicOrigin, shellOrigins))
      throw new AppError(403, 'origin_not_allowed');
  });
}

/** onRoute hook of the /api context: the OpenAPI document gives each state-changing route its 403. */
export const documentCrossOriginRefusal =
  (crossOriginRoutes: ReadonlySet<string>) => (route: RouteOptions) => {
    if (![route.method].flat().some((method) => changes(crossOriginRoutes, method, route.url))) return;
    route.schema = {
      ...route.schema,
      response: {
        ...apiErrors({ 403: 'origin_not_allowed: sent by a page that is not the app’s' }),
        ...(route.schema?.response ?? {}),
      },
    };
  };
