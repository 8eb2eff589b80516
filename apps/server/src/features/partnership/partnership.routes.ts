import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  JournalsAnswerSchema,
  JournalsQuerySchema,
  PartnershipAnswerSchema,
} from '@motema/shared/partnership';
import type { AppDeps } from '../../deps.ts';
import { memberOf, perMemberRateLimit } from '../../plugins/request-member.ts';
import { listJournals } from './journals.service.ts';
import { presentJournal, presentPartnershipAnswer } from './partnership.presenter.ts';
import { joinPartnership, partnershipAnswer } from './partnership.service.ts';

/** The member's own partnership (packages/shared/src/partnership.ts): its fetch, joining, its journal. */
export const partnershipRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, env } = deps;

  app.get('/partnership', { schema: { response: { 200: PartnershipAnswerSchema } } }, async (request) =>
    presentPartnershipAnswer(await partnershipAnswer(db, env, memberOf(request).userId)),
  );

  app.post(
    '/partnership',
    {
      config: perMemberRateLimit('join-partnership', 10, 60_000),
      schema: { response: { 200: PartnershipAnswerSchema } },
    },
    async (request) => {
      const { userId } = memberOf(request);
      await joinPartnership(db, env, userId);
      return presentPartnershipAnswer(await partnershipAnswer(db, env, userId));
    },
  );

  app.get(
    '/journals',
    { schema: { querystring: JournalsQuerySchema, response: { 200: JournalsAnswerSchema } } },
    async (request) => {
      const { entries, count } = await listJournals(db, memberOf(request).userId, request.query);
      return { journals: entries.map(presentJournal), count };
    },
  );
};
