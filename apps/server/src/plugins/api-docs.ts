import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrors } from '../lib/api-responses.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The fields of a multipart/form-data body that the route reads itself, for the OpenAPI document
     * only: nothing validates it (the route streams the parts with their own limits).
     */
    multipartBody?: z.ZodType;
  }
}

/** Methods whose body Fastify reads: a too large one is 413, one of a type no parser takes 415. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The errors any API route can answer, from what it is made of. */
function automaticErrors(route: RouteOptions): Record<number, string> {
  const errors: Record<number, string> = {
    // Even without input schemas: a NUL character in the query string (no-nul-characters.ts).
    400: 'validation_failed (with issues) or another code of bad input: the request is not valid',
  };
  if (route.url.includes(':')) {
    errors[404] = 'not_found (or the kind of thing, e.g. user_not_found): nothing at this id for the caller';
    errors[414] = 'bad_request: a path parameter longer than the router takes (100 characters)';
  }
  if ([route.method].flat().some((method) => BODY_METHODS.has(method))) {
    errors[413] = 'payload_too_large: the body is over the limit (64 KB for JSON)';
    errors[415] = 'bad_request: a Content-Type the route does not read';
  }
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) {
    errors[429] = 'rate_limited: too many requests; try again after Retry-After seconds';
  }
  errors[503] = 'service_unavailable: the database is out of reach for a moment; try again after Retry-After';
  return errors;
}

/**
 * The OpenAPI document of the API (QUALITY R2: every answer's status and body are the ones it gives).
 * Every /api route gets the error answers it can make from what it is made of: 400 always (401 on the
 * protected ones comes from public-routes.ts's hooks); 404 and 414 with path parameters; 413 and 415 with a body; 429 with a rate limit;
 * 503 (the database away). They are added to the route's own response schemas, so error bodies are
 * serialised through ApiErrorSchema too; a route adds its particular ones with `apiErrors()`. Call it
 * before any route is registered. Swagger UI and the JSON are served at /api/docs only when `exposed`;
 * the document itself (`app.swagger()`) always exists, for the tests.
 */
export async function registerApiDocs(app: FastifyInstance, options: { exposed: boolean }): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const own = (route.schema?.response ?? {}) as Record<string, unknown>;
    route.schema = {
      ...route.schema,
      response: { ...apiErrors(automaticErrors(route)), ...own },
    };
  });

  await app.register(fastifySwagger, {
    openapi: { openapi: '3.1.0', info: { title: 'Motema API', version: '1.0.0' } },
    transform: (input) => {
      const { multipartBody, ...schema } = input.schema ?? {};
      if (!multipartBody) return jsonSchemaTransform(input);
      return jsonSchemaTransform({
        ...input,
        schema: { ...schema, body: multipartBody, consumes: ['multipart/form-data'] },
      });
    },
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input);
      // A response schema only: its input twin is never referenced.
      delete (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas
        ?.ApiErrorInput;
      return document;
    },
  });
  if (options.exposed) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
