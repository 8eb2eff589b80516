// `npm run sim:push`: the local Web Push service on its own, for a development server.
// PUSH_SIM_PORT (default 7080). Give the server PUSH_SERVICE_ORIGINS=<origin>; make subscriptions
// with `curl -X POST <origin>/__sim/subscriptions`, read what they got at .../<id>/messages.
import { startPushService } from './index.ts';

const service = await startPushService({ port: Number(process.env.PUSH_SIM_PORT ?? 7080) });
console.log(`Local push service on ${service.origin} (127.0.0.1 only)
  PUSH_SERVICE_ORIGINS=${service.origin}
Control API: POST ${service.origin}/__sim/subscriptions, GET ${service.origin}/__sim/subscriptions/<id>/messages,
  POST ${service.origin}/__sim/subscriptions/<id>/expire`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void service.close().then(() => process.exit(0)));
}
