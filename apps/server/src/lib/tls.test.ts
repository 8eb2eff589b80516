import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { selfSignedCertificate } from '../test/self-signed-certificate.ts';
import { readTlsCredentials } from './tls.ts';

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  let dir = '';
  const files = { cert: '', key: '', otherKey: '' };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'motema-tls-'));
    const certificate = selfSignedCertificate();
    files.cert = path.join(dir, 'cert.pem');
    files.key = path.join(dir, 'key.pem');
    files.otherKey = path.join(dir, 'other-key.pem');
    await writeFile(files.cert, certificate.cert);
    await writeFile(files.key, certificate.key);
    await writeFile(files.otherKey, selfSignedCertificate().key);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves plain HTTP/1.1 when neither is set', async () => {
    expect(await readTlsCredentials(parseEnv({}))).toBeUndefined();
  });

  it('refuses one without the other', () => {
    expect(() => parseEnv({ TLS_CERT_FILE: files.cert })).toThrow(
      'TLS_CERT_FILE and TLS_KEY_FILE: set both or neither',
    );
  });

  it('reads a certificate and its key', async () => {
    const tls = await readTlsCredentials(parseEnv({ TLS_CERT_FILE: files.cert, TLS_KEY_FILE: files.key }));
    expect(tls?.cert.toString()).toContain('BEGIN CERTIFICATE');
    expect(tls?.key.toString()).toContain('PRIVATE KEY');
  });

  it('says which file it cannot read', async () => {
    const missing = path.join(dir, 'missing.pem');
    await expect(readTlsCredentials({ TLS_CERT_FILE: missing, TLS_KEY_FILE: files.key })).rejects.toThrow(
      `TLS_CERT_FILE: cannot read ${missing} (ENOENT)`,
    );
  });

  it('refuses a key that is not the certificate’s at start', async () => {
    await expect(
      readTlsCredentials({ TLS_CERT_FILE: files.cert, TLS_KEY_FILE: files.otherKey }),
    ).rejects.toThrow(/^TLS_CERT_FILE and TLS_KEY_FILE: not a PEM certificate and its private key/);
  });
});
