import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { requestLogSerializers } from './request-log.ts';

/** A Fastify app logging at info into `lines`, with the server's request serializers. */
async function appLoggingInto(lines: string[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream, serializers: requestLogSerializers } });
  app.post('/api/payments/callback/flexpay/:token', async () => ({ received: true }));
  app.get('/api/users/:id', async () => ({}));
  await app.ready();
  return app;
}

describe('request log lines', () => {
  it('show a secret path parameter as [redacted], never its value', async () => {
    const lines: string[] = [];
    const app = await appLoggingInto(lines);
    const token = 'tUhsRMxnvowLwFIbypDeDoUomJqq2jLOe8lY8QDsZbA';
    await app.inject({ method: 'POST', url: `/api/payments/callback/flexpay/${token}?retry=1`, payload: {} });
    await app.close();
    const incoming = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'incoming request');
    expect(incoming.req).toMatchObject({
      method: 'POST',
      url: '/api/payments/callback/flexpay/[redacted]?retry=1',
    });
    expect(lines.join('\n')).not.toContain(token);
  });

  it('show other URLs whole, with the fields Fastify logs', async () => {
    const lines: string[] = [];
    const app = await appLoggingInto(lines);
    await app.inject({ method: 'GET', url: '/api/users/42?x=1', remoteAddress: '10.0.0.7' });
    await app.close();
    const incoming = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'incoming request');
    expect(incoming.req).toMatchObject({
      method: 'GET',
      url: '/api/users/42?x=1',
      remoteAddress: '10.0.0.7',
    });
  });
});
