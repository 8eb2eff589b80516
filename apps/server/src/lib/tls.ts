import { readFile } from 'node:fs/promises';
import { createSecureContext } from 'node:tls';

/** A PEM certificate (chain) and its private key: the server then speaks HTTP/2 over TLS. */
export type TlsCredentials = { cert: string | Buffer; key: string | Buffer };

/**
 * Reads TLS_CERT_FILE and TLS_KEY_FILE (env.ts makes sure both or neither are set); undefined when
 * neither is. A file that cannot be read, or a key that is not the certificate's, throws an error
 * whose message is the one line to print: found at start, not at the first member's handshake.
 */
export async function readTlsCredentials(env: {
  TLS_CERT_FILE?: string | undefined;
  TLS_KEY_FILE?: string | undefined;
}): Promise<TlsCredentials | undefined> {
  if (!env.TLS_CERT_FILE || !env.TLS_KEY_FILE) return undefined;
  const read = (setting: string, file: string) =>
    readFile(file).catch((error: NodeJS.ErrnoException) => {
      throw new Error(`${setting}: cannot read ${file} (${error.code ?? error.message})`, { cause: error });
    });
  const credentials = {
    cert: await read('TLS_CERT_FILE', env.TLS_CERT_FILE),
    key: await read('TLS_KEY_FILE', env.TLS_KEY_FILE),
  };
  try {
    createSecureContext(credentials);
  } catch (error) {
    throw new Error(
      `TLS_CERT_FILE and TLS_KEY_FILE: not a PEM certificate and its private key (${(error as Error).message})`,
      { cause: error },
    );
  }
  return credentials;
}
