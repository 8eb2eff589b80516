import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';

export type Http2Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

export type Http2Client = {
  session: ClientHttp2Session;
  /** One request on the session's connection; `headers` may set :method and any field. */
  request: (path: string, headers?: Record<string, string>, body?: Buffer | string) => Promise<Http2Answer>;
  close: () => Promise<void>;
};

/**
 * A real HTTP/2 client (node:http2) for `origin` (https://...), trusting `ca` (a self-signed
 * certificate, see self-signed-certificate.ts). Every request shares one connection, as a browser's.
 */
export async function http2Client(origin: string, ca: string): Promise<Http2Client> {
  const session = connect(origin, { ca });
  await new Promise<void>((resolve, reject) => {
    session.once('connect', () => resolve());
    session.once('error', reject);
  });
  return {
    session,
    request: (path, headers = {}, body) =>
      new Promise((resolve, reject) => {
        const stream = session.request({ ':path': path, ...headers });
        const chunks: Buffer[] = [];
        let answer: { status: number; headers: IncomingHttpHeaders } | undefined;
        stream.once('response', (received) => {
          answer = { status: Number(received[':status']), headers: received };
        });
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.once('end', () =>
          answer ? resolve({ ...answer, body: Buffer.concat(chunks) }) : reject(new Error('no answer')),
        );
        stream.once('error', reject);
        stream.end(body);
      }),
    // A session the server already ended (its GOAWAY at close) calls back no more.
    close: () =>
      new Promise<void>((resolve) => (session.closed ? resolve() : session.close(() => resolve()))),
  };
}
