import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server that keeps the callbacks POSTed to it (tests of the simulator). */
export async function startCallbackReceiver(status = 200) {
  const received: { path: string; body: Record<string, unknown> }[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: JSON.parse(text || '{}') as Record<string, unknown> });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/callback') => `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
