import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';

export type AppLinksEnv = Pick<
  Env,
  'APP_LINKS_ANDROID_PACKAGE' | 'APP_LINKS_ANDROID_SHA256' | 'APP_LINKS_IOS_APP_ID'
>;

/**
 * What the apps do not open: the API, the socket, the built files, these files themselves and the
 * development pages. Every other path is a page of the app (the app routes to it as the web does).
 */
export const APP_LINK_EXCLUDED_PATHS = ['/api/*', '/socket.io/*', '/assets/*', '/.well-known/*', '/dev/*'];

/** Android's Digital Asset Links: this site lets the app (its package, signed so) open its links. */
export function assetLinksOf(env: AppLinksEnv) {
  if (!env.APP_LINKS_ANDROID_PACKAGE) return null;
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: env.APP_LINKS_ANDROID_PACKAGE,
        sha256_cert_fingerprints: env.APP_LINKS_ANDROID_SHA256,
      },
    },
  ];
}

/** iOS's apple-app-site-association: universal links for the app (team id and bundle id), by path. */
export function appleAppSiteAssociationOf(env: AppLinksEnv) {
  if (!env.APP_LINKS_IOS_APP_ID) return null;
  return {
    applinks: {
      details: [
        {
          appIDs: [env.APP_LINKS_IOS_APP_ID],
          components: [
            ...APP_LINK_EXCLUDED_PATHS.map((path) => ({ '/': path, exclude: true })),
            { '/': '/*' },
          ],
        },
      ],
    },
  };
}

/** Phones and Apple's CDN fetch these at install and now and then: an hour is fresh enough. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * `/.well-known/assetlinks.json` and `/.well-known/apple-app-site-association` (no extension, JSON,
 * never a redirect: Apple's fetcher follows none), so that links to Motema open the installed app.
 * From configuration; 404 while the platform's app is not configured (rather than the web app's page
 * the unknown path would get). Public: no session is read; outside the API's document.
 */
export const appLinksRoutes: FastifyPluginAsyncZod<{ env: AppLinksEnv }> = async (app, { env }) => {
  const serve = (path: string, body: unknown) =>
    app.get(path, { schema: { hide: true } }, async (_request, reply) => {
      if (!body) throw new AppError(404, 'not_found');
      return reply.type('application/json').header('Cache-Control', CACHE_CONTROL).send(JSON.stringify(body));
    });
  serve('/.well-known/assetlinks.json', assetLinksOf(env));
  serve('/.well-known/apple-app-site-association', appleAppSiteAssociationOf(env));
};
