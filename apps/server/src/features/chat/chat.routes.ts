import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';

/** Conversations, message history and catch-up, message edits, unsend, delete for me, stars, counters. */
export const chatRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
