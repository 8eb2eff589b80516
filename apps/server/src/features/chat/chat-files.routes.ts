import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';

/** Files of messages: upload into a conversation, and fetching them (members of the conversation only, Z5). */
export const chatFilesRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
