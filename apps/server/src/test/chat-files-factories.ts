import { randomBytes } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { ChatFile, ChatFileKind } from '@motema/shared/chat';
import type { Db } from '../db/client.ts';
import { chatFiles } from '../db/schema.ts';
import type { TestApp } from './build-test-app.ts';
import { multipartBody, storedFiles } from './media-factories.ts';
import { randomIp } from './net.ts';

/** POST /api/conversations/{id}/files as the member behind `cookie` (fields before the file). */
export function postChatFile(
  t: Pick<TestApp, 'app'>,
  cookie: string | undefined,
  conversationId: string,
  bytes: Buffer | null,
  options: {
    kind?: ChatFileKind | string;
    durationMs?: number;
    filename?: string;
    contentType?: string;
    ip?: string;
  } = {},
) {
  const { ip = randomIp(), kind, durationMs, ...file } = options;
  const fields: Record<string, string> = {};
  if (kind !== undefined) fields.kind = kind;
  if (durationMs !== undefined) fields.durationMs = String(durationMs);
  const body = multipartBody(bytes ? { filename: 'file.bin', ...file, bytes } : null, fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/files`,
    remoteAddress: ip,
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

/** Uploads a file and returns it (fails the test on a refusal). */
export async function uploadChatFile(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  conversationId: string,
  bytes: Buffer,
  kind: ChatFileKind,
): Promise<ChatFile> {
  const res = await postChatFile(t, cookie, conversationId, bytes, { kind });
  if (res.statusCode !== 201) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
  return res.json<{ file: ChatFile }>().file;
}

export function chatFileRows(db: Db) {
  return db.select().from(chatFiles).orderBy(asc(chatFiles.createdAt), asc(chatFiles.id));
}

/** What a refusal must leave untouched: every chat file row and every stored file. */
export async function chatFilesSnapshot(t: Pick<TestApp, 'db' | 'mediaDir'>) {
  const rows = await chatFileRows(t.db);
  return { rows: rows.map((row) => row.id).sort(), files: await storedFiles(t) };
}

// ---------------------------------------------------------------------------------------------
// Small, header-valid media files, built byte by byte, for the type sniffing: an upload remuxes its
// file, and ffmpeg cannot read an mp4Sample (no sample description). Real files made by ffmpeg, with
// a phone's tags, are in tagged-media-fixtures.ts.

const ebmlSize = (n: number) => {
  // Eight-byte sizes everywhere: simple and valid EBML.
  const bytes = Buffer.alloc(8);
  bytes.writeUInt8(0x01, 0);
  bytes.writeUIntBE(n, 2, 6);
  return bytes;
};
const ebml = (id: number[], ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from(id), ebmlSize(body.length), body]);
};
const uint = (n: number) => Buffer.from([n]);
const str = (s: string) => Buffer.from(s, 'latin1');
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

/**
 * A WebM file as MediaRecorder writes it (Segment and Cluster of unknown size): an Opus audio track,
 * or a VP8 video track when `video`, then `payloadBytes` of block data.
 */
export function webmSample({ video = false, payloadBytes = 2048 } = {}): Buffer {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    ebml([0x42, 0x86], uint(1)),
    ebml([0x42, 0xf7], uint(1)),
    ebml([0x42, 0xf2], uint(4)),
    ebml([0x42, 0xf3], uint(8)),
    ebml([0x42, 0x82], str('webm')),
    ebml([0x42, 0x87], uint(4)),
    ebml([0x42, 0x85], uint(2)),
  );
  const info = ebml(
    [0x15, 0x49, 0xa9, 0x66],
    ebml([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])),
    ebml([0x4d, 0x80], str('Chrome')),
    ebml([0x57, 0x41], str('Chrome')),
  );
  const track = video
    ? ebml(
        [0xae],
        ebml([0xd7], uint(1)),
        ebml([0x73, 0xc5], uint(1)),
        ebml([0x83], uint(1)),
        ebml([0x86], str('V_VP8')),
        ebml([0xe0], ebml([0xb0], uint(64)), ebml([0xba], uint(48))),
      )
    : ebml(
        [0xae],
        ebml([0xd7], uint(1)),
        ebml([0x73, 0xc5], uint(1)),
        ebml([0x83], uint(2)),
        ebml([0x86], str('A_OPUS')),
        ebml([0xe1], ebml([0x9f], uint(1))),
      );
  const tracks = ebml([0x16, 0x54, 0xae, 0x6b], track);
  const cluster = Buffer.concat([
    Buffer.from([0x1f, 0x43, 0xb6, 0x75]),
    UNKNOWN_SIZE,
    ebml([0xe7], uint(0)),
    ebml([0xa3], Buffer.from([0x81, 0, 0, 0x80]), randomBytes(payloadBytes)),
  ]);
  return Buffer.concat([header, Buffer.from([0x18, 0x53, 0x80, 0x67]), UNKNOWN_SIZE, info, tracks, cluster]);
}

/** Ogg's page checksum: CRC-32 of polynomial 0x04c11db7, MSB first, no reflection, from 0. */
function oggCrc(page: Buffer): number {
  let crc = 0;
  for (const byte of page) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

/** An Ogg Opus file: the identification and comment header pages, then a page of (random) audio data. */
export function oggOpusSample(payloadBytes = 2048): Buffer {
  const page = (headerType: number, sequence: number, data: Buffer) => {
    const segments: number[] = [];
    for (let left = data.length; ; left -= 255) {
      segments.push(Math.min(255, left));
      if (left < 255) break;
    }
    const head = Buffer.alloc(27);
    head.write('OggS', 0, 'latin1');
    head.writeUInt8(headerType, 5);
    head.writeUInt32LE(0x4d4f5445, 14);
    head.writeUInt32LE(sequence, 18);
    head.writeUInt8(segments.length, 26);
    const whole = Buffer.concat([head, Buffer.from(segments), data]);
    // The page's checksum: ffmpeg 5 and later refuse a page whose CRC does not match.
    whole.writeUInt32LE(oggCrc(whole), 22);
    return whole;
  };
  const opusHead = Buffer.concat([
    str('OpusHead'),
    Buffer.from([1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0]),
  ]);
  const vendor = str('motema');
  const opusTags = Buffer.concat([
    str('OpusTags'),
    Buffer.from([vendor.length, 0, 0, 0]),
    vendor,
    Buffer.alloc(4),
  ]);
  const audio = randomBytes(Math.min(payloadBytes, 255 * 200));
  return Buffer.concat([page(2, 0, opusHead), page(0, 1, opusTags), page(0, 2, audio)]);
}

/** An MP3: an ID3v2 tag, then MPEG-1 layer III frames (128 kb/s, 44.1 kHz) of silence. */
export function mp3Sample(frames = 20): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
  return Buffer.concat([id3, ...Array.from({ length: frames }, () => frame)]);
}

/** A WAV file: 16-bit mono PCM at 8 kHz, `ms` long, a 440 Hz tone. */
export function wavSample(ms = 500): Buffer {
  const samples = Math.round(8 * ms);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1)
    data.writeInt16LE(Math.round(8000 * Math.sin((i * 440 * 2 * Math.PI) / 8000)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(body.length + 8);
  return Buffer.concat([size, str(type), body]);
};

/** An MP4 (ISO BMFF) with one track: `vide` (a video) or `soun` (audio only, as Safari records it). */
export function mp4Sample({ handler = 'vide' as 'vide' | 'soun', brand = 'isom', payloadBytes = 2048 } = {}) {
  const hdlr = box(
    'hdlr',
    Buffer.alloc(4),
    Buffer.alloc(4),
    str(handler),
    Buffer.alloc(12),
    Buffer.from([0]),
  );
  const moov = box(
    'moov',
    box('mvhd', Buffer.alloc(100)),
    box('trak', box('tkhd', Buffer.alloc(84)), box('mdia', box('mdhd', Buffer.alloc(24)), hdlr)),
  );
  return Buffer.concat([
    box('ftyp', str(brand), Buffer.alloc(4), str(`${brand}iso2mp41`)),
    moov,
    box('mdat', randomBytes(payloadBytes)),
  ]);
}

export const refusedSamples = {
  svg: () => str('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  html: () => str('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  script: () => str('#!/bin/sh\necho pwned\n'),
  text: () => str('just some text, named like a voice note'),
};
