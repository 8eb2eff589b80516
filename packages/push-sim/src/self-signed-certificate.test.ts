import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { selfSignedCertificate, serialNumber } from './self-signed-certificate.ts';

describe('selfSignedCertificate', () => {
  it('writes every serial number as a positive DER INTEGER in its shortest form, whatever the random bytes', () => {
    for (let first = 0; first < 256; first++) {
      const serial = serialNumber(Buffer.from([first, 0x05, 0xff]));
      // Positive: the first bit clear. Shortest: a first byte of zero is allowed only before a set bit.
      expect(serial[0]! & 0x80, `first byte ${first}`).toBe(0);
      expect(serial[0] === 0 && serial[1]! < 0x80, `first byte ${first}`).toBe(false);
      expect(serial.subarray(1)).toEqual(Buffer.from([0x05, 0xff]));
    }
  });

  it('makes a certificate for localhost and 127.0.0.1 that parses back', () => {
    const made = selfSignedCertificate();
    const parsed = new X509Certificate(made.cert);
    expect(parsed.checkHost('localhost')).toBe('localhost');
    expect(parsed.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(BigInt(`0x${parsed.serialNumber}`) > 0n).toBe(true);
  });
});
