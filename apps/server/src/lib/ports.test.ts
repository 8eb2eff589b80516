import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenFailureMessage } from './ports.ts';

const servers: net.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** The error of a real listen() on host:port. */
function listenError(host: string, port: number): Promise<unknown> {
  const server = net.createServer();
  servers.push(server);
  return new Promise((resolve) => {
    server.once('error', resolve);
    server.listen(port, host, () => resolve(undefined));
  });
}

describe('a failed listen of the HTTP server', () => {
  it('names PORT when the port is in use', async () => {
    const holder = net.createServer();
    servers.push(holder);
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    expect(listenFailureMessage(await listenError('127.0.0.1', port), '127.0.0.1', port)).toBe(
      `Port ${port} is in use (another Motema or another program?): set PORT in .env to a free port.`,
    );
  });

  it('names HOST when it is no address of this machine', async () => {
    // 192.0.2.0/24 is TEST-NET-1: documentation only, never assigned to a machine.
    const error = await listenError('192.0.2.1', 0);
    expect(listenFailureMessage(error, '192.0.2.1', 0)).toBe(
      '192.0.2.1 is not an address of this machine: set HOST in .env (0.0.0.0 listens on all of them).',
    );
  });

  it('names PORT when the port needs privileges', () => {
    // Only a user without privileges gets EACCES for port 80; the tests may run as root.
    const error = Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:80'), { code: 'EACCES' });
    expect(listenFailureMessage(error, '0.0.0.0', 80)).toBe(
      'Port 80 needs privileges this user does not have: set PORT in .env to a free port above 1023.',
    );
  });

  it('leaves any other error to the caller', () => {
    expect(listenFailureMessage(new Error('boom'), '0.0.0.0', 3000)).toBeUndefined();
    expect(listenFailureMessage(undefined, '0.0.0.0', 3000)).toBeUndefined();
  });
});
