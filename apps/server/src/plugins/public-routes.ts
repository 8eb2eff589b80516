import type { FastifyRequest, RouteOptions } from 'fastify';
import { apiErrors } from '../lib/api-responses.ts';
import { unauthorized } from '../lib/app-error.ts';

/**
 * The plugins' own public route; the features' are listed by their modules (`publicRoutes`), and the
 * app's whole list is modules/index.ts's PUBLIC_ROUTES. Every other route under /api answers 401
 * before anything else runs (`requireSessionUnlessPublic`, the hook of app.ts's /api context): a new
 * route is protected unless its module lists it. routes-fuzz.test.ts checks both ways.
 */
export const PLUGIN_PUBLIC_ROUTES: readonly string[] = [
  // For load balancers; registered before the session plugin, outside the /api context.
  'GET /api/health',
];

/** `GET /api/users/:id`: how a route is named in the public and cross-origin lists. */
export const routeName = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

/** The /api context's hooks: authentication unless `publicRoutes` lists the route. */
export function authenticationByDefault(publicRoutes: ReadonlySet<string>) {
  const isPublic = (method: string, url: string) =>
    publicRoutes.has(routeName(method === 'HEAD' ? 'GET' : method, url));
  return {
    /** onRoute: the OpenAPI document gives each protected route its 401. */
    documentUnauthorized(route: RouteOptions): void {
      if ([route.method].flat().every((method) => isPublic(method, route.url))) return;
      route.schema = {
        ...route.schema,
        response: {
          ...apiErrors({ 401: 'unauthorized: no live session' }),
          ...(route.schema?.response ?? {}),
        },
      };
    },
    /** onRequest: 401 without a live session, but on the public routes. */
    async requireSessionUnlessPublic(request: FastifyRequest): Promise<void> {
      if (request.auth) return;
      const { method, url } = request.routeOptions;
      // Fastify answers HEAD with the GET route's handler: the same rule.
      if (url !== undefined && isPublic(String(method), url)) return;
      throw unauthorized();
    },
  };
}
