import { createHash, generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * A self-signed TLS certificate made with node:crypto alone (no openssl on the machines that run the
 * tests and benchmarks): an ECDSA P-256 key and an X.509 v3 certificate for `localhost` and
 * 127.0.0.1, valid from an hour ago for `days`. For tests, the page-load bench and the local APNs service
 * started by hand (`npm run sim:push`), never production.
 *
 * Node can sign but cannot write a certificate, so the few DER structures of RFC 5280 are built here.
 * `spki` is the base64 SHA-256 of the public key, what Chromium's --ignore-certificate-errors-spki-list
 * takes to treat the certificate as valid (so it caches, and registers service workers, as on a real site).
 */
export type SelfSignedCertificate = { cert: string; key: string; spki: string };

const tlv = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  const n = body.length;
  const length =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
};
const sequence = (...items: Buffer[]) => tlv(0x30, ...items);

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [first! * 40 + second!];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let value = arc >>> 7; value > 0; value >>>= 7) groups.unshift((value & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime (years before 2050, RFC 5280 4.1.2.5): YYMMDDHHMMSSZ. */
const utcTime = (date: Date) =>
  tlv(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`));

const ECDSA_WITH_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));

export function selfSignedCertificate(
  options: { days?: number; names?: string[] } = {},
): SelfSignedCertificate {
  const names = options.names ?? ['localhost', '127.0.0.1', '::1'];
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const spkiDer = publicKey.export({ type: 'spki', format: 'der' });
  const name = sequence(tlv(0x31, sequence(oid('2.5.4.3'), tlv(0x0c, Buffer.from(names[0]!)))));
  const now = Date.now();
  // Subject alternative names: dNSName [2], iPAddress [7] (the address's bytes).
  const altNames = names.map((entry) => {
    if (!isIP(entry)) return tlv(0x82, Buffer.from(entry));
    if (isIP(entry) === 4) return tlv(0x87, Buffer.from(entry.split('.').map(Number)));
    return tlv(0x87, ipv6Bytes(entry));
  });
  const extension = (id: string, value: Buffer) => sequence(oid(id), tlv(0x04, value));
  const tbs = sequence(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))), // v3
    tlv(0x02, serialNumber(randomBytes(16))),
    ECDSA_WITH_SHA256,
    name,
    sequence(utcTime(new Date(now - 3_600_000)), utcTime(new Date(now + (options.days ?? 30) * 86_400_000))),
    name,
    spkiDer,
    tlv(
      0xa3,
      sequence(
        extension('2.5.29.17', sequence(...altNames)),
        extension('2.5.29.37', sequence(oid('1.3.6.1.5.5.7.3.1'))), // extended key usage: server auth
      ),
    ),
  );
  const signature = sign('sha256', tbs, privateKey); // DER (r, s), as X.509 wants it
  const der = sequence(tbs, ECDSA_WITH_SHA256, tlv(0x03, Buffer.from([0]), signature));
  const cert = new X509Certificate(der).toString(); // parses it back: a malformed one throws here
  return {
    cert,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    spki: createHash('sha256').update(spkiDer).digest('base64'),
  };
}

/**
 * `random` as a serial number's INTEGER content in DER: positive (first bit clear) and in its shortest
 * form (first byte not zero). With only the first bit cleared, one certificate in 256 had a needless
 * leading zero, which OpenSSL refuses ("no start line" when parsed back).
 */
export function serialNumber(random: Buffer): Buffer {
  const serial = Buffer.from(random);
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  return serial;
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = [
    ...groups(head),
    ...Array<string>(address.includes('::') ? missing : 0).fill('0'),
    ...groups(tail),
  ];
  return Buffer.from(all.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]));
}
