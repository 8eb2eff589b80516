import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApnsService } from './apns-service.ts';
import type { FcmService } from './fcm-service.ts';

/**
 * The control API of the local FCM and APNs services when they run by hand (`npm run sim:push`), on
 * 127.0.0.1, for what runs in another process (a development server, a hand test with curl), as the
 * Web Push service's `/__sim/` routes are:
 * `POST /__sim/<fcm|apns>/devices` answers a device token as the phone's system would give the app
 * (give it to `POST /api/push-tokens` as `{ android }` or `{ ios }`), `GET .../devices/<token>/messages`
 * what it received, `POST .../devices/<token>/unregister` makes it answer as an uninstalled app's.
 */
export async function startNativeControl(
  services: { fcm: FcmService; apns: ApnsService },
  port = 0,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const match = /^\/__sim\/(fcm|apns)\/devices(?:\/([^/]+)\/(messages|unregister))?$/.exec(path);
    const service = match?.[1] === 'fcm' ? services.fcm : match?.[1] === 'apns' ? services.apns : undefined;
    if (!match || !service) return json(res, 404, { error: 'not found' });
    const [, , encoded, action] = match;
    try {
      const token = encoded && decodeURIComponent(encoded);
      if (!token && req.method === 'POST') return json(res, 201, { token: service.register() });
      if (token && action === 'messages' && req.method === 'GET')
        return json(res, 200, service.received(token));
      if (token && action === 'unregister' && req.method === 'POST') {
        service.unregister(token);
        return res.writeHead(204).end();
      }
      return json(res, 405, { error: 'method not allowed' });
    } catch (error) {
      // An unknown token: the services throw "No device ...".
      return json(res, 404, { error: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
