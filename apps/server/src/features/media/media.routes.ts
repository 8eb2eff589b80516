import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';

export const mediaRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
