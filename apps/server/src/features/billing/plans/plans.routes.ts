import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SubscriptionsAnswerSchema, SubscriptionsQuerySchema } from '@motema/shared/billing';
import type { AppDeps } from '../../../deps.ts';
import { presentPlan } from './plans.presenter.ts';
import { listPlans } from './plans.service.ts';

/** The Premium catalogue (SPEC "GET /subscriptions"): every plan, what it gives and its prices. */
export const plansRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/subscriptions',
    { schema: { querystring: SubscriptionsQuerySchema, response: { 200: SubscriptionsAnswerSchema } } },
    async (request) => {
      const { plans, count } = await listPlans(deps.db, request.query);
      return { subscriptions: plans.map((plan) => presentPlan(plan)), count };
    },
  );
};
