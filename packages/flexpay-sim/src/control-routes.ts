import type { FastifyInstance, FastifyReply } from 'fastify';
import { SimControlError, type SimControl } from './control.ts';

const answerError = (reply: FastifyReply, error: unknown) => {
  if (error instanceof SimControlError) return reply.code(error.status).send({ error: error.message });
  throw error;
};

/** The control API under /__sim (A5): loopback only, as the whole simulator is. */
export function registerControlRoutes(app: FastifyInstance, control: SimControl) {
  app.get('/__sim/tx', async () => ({ transactions: control.transactions(), calls: control.calls() }));

  app.get<{ Params: { orderNumber: string } }>('/__sim/tx/:orderNumber', async (request, reply) => {
    const tx = control.transaction(request.params.orderNumber);
    return tx ?? reply.code(404).send({ error: `no transaction ${request.params.orderNumber}` });
  });

  for (const decision of ['approve', 'decline'] as const) {
    app.post<{ Params: { orderNumber: string } }>(
      `/__sim/tx/:orderNumber/${decision}`,
      async (request, reply) => {
        try {
          return await control[decision](request.params.orderNumber);
        } catch (error) {
          return answerError(reply, error);
        }
      },
    );
  }

  app.post<{ Params: { orderNumber: string }; Body: { refundedAfterMs?: unknown } | undefined }>(
    '/__sim/tx/:orderNumber/refund',
    async (request, reply) => {
      const after = request.body?.refundedAfterMs;
      try {
        return control.refund(request.params.orderNumber, typeof after === 'number' ? after : undefined);
      } catch (error) {
        return answerError(reply, error);
      }
    },
  );

  app.post<{ Body: { ms?: unknown } | undefined }>('/__sim/clock/advance', async (request, reply) => {
    try {
      await control.advanceClock(Number(request.body?.ms));
      return { now: new Date(control.now()).toISOString() };
    } catch (error) {
      return answerError(reply, error);
    }
  });

  app.post('/__sim/scenario', async (request, reply) => {
    try {
      control.program(request.body as Parameters<SimControl['program']>[0]);
      return { programmed: true };
    } catch (error) {
      return answerError(reply, error);
    }
  });

  app.post('/__sim/faults', async (request, reply) => {
    try {
      return control.setFaults((request.body ?? {}) as Parameters<SimControl['setFaults']>[0]);
    } catch (error) {
      return answerError(reply, error);
    }
  });

  app.post('/__sim/callback-policy', async (request, reply) => {
    try {
      return control.setCallbackPolicy(request.body as Parameters<SimControl['setCallbackPolicy']>[0]);
    } catch (error) {
      return answerError(reply, error);
    }
  });

  app.get('/__sim/balance', async () => control.balance());

  app.post('/__sim/reset', async () => {
    control.reset();
    return { reset: true };
  });
}
