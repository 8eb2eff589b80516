import { createDecipheriv, hkdfSync, type ECDH } from 'node:crypto';

/**
 * Decrypts a push message as a browser does: RFC 8188's `aes128gcm` content coding with the keys
 * RFC 8291 derives from the subscription (its P-256 key pair and auth secret) and the sender's
 * ephemeral public key, which travels as the coding header's key id.
 */

const TAG_LENGTH = 16;
const HEADER_FIXED = 16 + 4 + 1; // salt, record size, key id length

export class DecryptError extends Error {}

/** What the browser keeps of a subscription: the key pair (`p256dh` is its public half) and `auth`. */
export type SubscriptionKeys = { ecdh: ECDH; auth: Buffer };

export function decryptAes128gcm(body: Buffer, keys: SubscriptionKeys): Buffer {
  if (body.length < HEADER_FIXED) throw new DecryptError('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20] ?? 0;
  const senderPublic = body.subarray(HEADER_FIXED, HEADER_FIXED + keyIdLength);
  // RFC 8291 section 4: the key id is the sender's uncompressed P-256 public key.
  if (keyIdLength !== 65 || senderPublic[0] !== 0x04)
    throw new DecryptError('key id is not a P-256 public key');
  if (recordSize <= TAG_LENGTH + 1) throw new DecryptError('record size too small');

  let secret: Buffer;
  try {
    secret = keys.ecdh.computeSecret(senderPublic);
  } catch {
    throw new DecryptError('key id is not on the curve');
  }
  const receiverPublic = keys.ecdh.getPublicKey();
  // RFC 8291 section 3.4: IKM = HKDF(auth, ecdh secret, "WebPush: info" 0x00 ua_public as_public, 32).
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, keys.auth, keyInfo, 32));
  // RFC 8188 section 2.2 and 2.3: the content key and the nonce from the salt.
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const content = body.subarray(HEADER_FIXED + keyIdLength);
  if (content.length === 0) throw new DecryptError('no record');
  const records: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < content.length; offset += recordSize, seq += 1) {
    const record = content.subarray(offset, offset + recordSize);
    const last = offset + recordSize >= content.length;
    records.push(unpad(openRecord(record, cek, nonceFor(baseNonce, seq)), last));
  }
  return Buffer.concat(records);
}

function nonceFor(base: Buffer, seq: number): Buffer {
  const nonce = Buffer.from(base);
  // The record's sequence number XORed into the nonce's low bytes (RFC 8188 section 2.3); a
  // message has far fewer than 2^32 records, so the last four bytes hold it.
  nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
  return nonce;
}

function openRecord(record: Buffer, cek: Buffer, nonce: Buffer): Buffer {
  if (record.length <= TAG_LENGTH) throw new DecryptError('record shorter than its tag');
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_LENGTH));
  try {
    return Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_LENGTH)), decipher.final()]);
  } catch {
    throw new DecryptError('authentication failed: wrong keys or altered body');
  }
}

/** Strips the padding: zeros, then the delimiter (2 in the last record, 1 in the others). */
function unpad(plain: Buffer, last: boolean): Buffer {
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  const delimiter = plain[end];
  if (delimiter !== (last ? 2 : 1)) throw new DecryptError('bad padding delimiter');
  return plain.subarray(0, end);
}
