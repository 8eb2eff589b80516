import type { TestApp } from './build-test-app.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every API route of the OpenAPI document (`{name}` parameters), so a new route is tested without being listed. */
export function apiRoutes(t: Pick<TestApp, 'app'>): { method: Method; url: string }[] {
  const document = t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths ?? {})
    .filter(([url]) => url.startsWith('/api/') && !url.startsWith('/api/docs'))
    .flatMap(([url, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase() as Method, url })),
    );
}

/** `/api/users/{id}` as Fastify and PUBLIC_ROUTES write it: `/api/users/:id`. */
export const routePath = (url: string) => url.replace(/\{([^}]+)\}/g, ':$1');
