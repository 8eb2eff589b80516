import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import { photos, users, type PhotoRow } from '../db/schema.ts';
import type { TestApp } from './build-test-app.ts';
import { createMember, type Member } from './factories.ts';
import { randomIp } from './net.ts';

/** A photo-like picture: smooth colour shapes with a little grain (so encoders have real work). */
export async function photoPixels(width: number, height: number, channels: 3 | 4 = 3) {
  const small = await sharp(randomBytes(12 * 9 * channels), { raw: { width: 12, height: 9, channels } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = randomBytes(small.length);
  const pixels = new Uint8ClampedArray(small.buffer, small.byteOffset, small.length);
  for (let i = 0; i < pixels.length; i += 1) {
    // Grain on the colours only: an alpha channel stays smooth, as in real pictures.
    if (channels === 4 && i % 4 === 3) continue;
    pixels[i] = pixels[i]! + (grain[i]! & 15) - 8;
  }
  return sharp(small, { raw: { width, height, channels } });
}

/** EXIF a phone writes: camera, author, date and GPS position (Kinshasa). */
export function phoneExif() {
  return {
    IFD0: { Make: 'Motema Test Phone', Model: 'X1', Artist: 'Amani Kabila' },
    IFD2: { DateTimeOriginal: '2024:05:01 10:11:12' },
    IFD3: {
      GPSLatitudeRef: 'S',
      GPSLatitude: '4/1 19/1 3030/100',
      GPSLongitudeRef: 'E',
      GPSLongitude: '15/1 18/1 4500/100',
    },
  };
}

/** A JPEG from a phone: EXIF with GPS and an orientation (6: the pixels are stored turned left). */
export async function phoneJpeg(width = 4000, height = 3000, orientation = 6): Promise<Buffer> {
  return (await photoPixels(width, height))
    .jpeg({ quality: 88 })
    .withExif(phoneExif())
    .withMetadata({ orientation })
    .withIccProfile('p3')
    .toBuffer();
}

export const samples = {
  png: async (width = 800, height = 600) =>
    (await photoPixels(width, height, 4)).png().withExif(phoneExif()).toBuffer(),
  webp: async (width = 900, height = 1200) =>
    (await photoPixels(width, height)).webp().withExif(phoneExif()).toBuffer(),
  avif: async (width = 1200, height = 800) =>
    (await photoPixels(width, height)).avif({ effort: 0 }).withExif(phoneExif()).toBuffer(),
  small: async (width = 64, height = 48) => (await photoPixels(width, height)).jpeg().toBuffer(),
  gif: async () => (await photoPixels(64, 48)).gif().toBuffer(),
};

const u8 = (n: number) => Buffer.from([n]);
const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const u32 = (n: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(n);
  return bytes;
};
const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, ...content: Buffer[]) =>
  box(type, u32(version << 24), ...content);

/**
 * An HEIC file as an iPhone writes it, as far as the container goes (ISO/IEC 23008-12): brand
 * `heic`, one `hvc1` (HEVC) picture item with its `hvcC` configuration and size. The picture data
 * itself is a stub: only a sharp built with an HEVC decoder would get as far as reading it.
 */
export function heicSample(width = 64, height = 48): Buffer {
  const picture = Buffer.from([0, 0, 0, 4, 0x26, 0x01, 0xaf, 0x00]);
  const ftyp = box('ftyp', Buffer.from('heic'), u32(0), Buffer.from('mif1heic'));
  const hvcC = box(
    'hvcC',
    Buffer.from([
      1, 1, 0x60, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 0x5d, 0xf0, 0, 0xfc, 0xfd, 0xf8, 0xf8, 0, 0, 0x0f, 0,
    ]),
  );
  const meta = (pictureOffset: number) =>
    fullBox(
      'meta',
      0,
      fullBox('hdlr', 0, u32(0), Buffer.from('pict'), u32(0), u32(0), u32(0), u8(0)),
      fullBox('pitm', 0, u16(1)),
      fullBox(
        'iloc',
        0,
        u8(0x44),
        u8(0),
        u16(1),
        u16(1),
        u16(0),
        u16(1),
        u32(pictureOffset),
        u32(picture.length),
      ),
      fullBox('iinf', 0, u16(1), fullBox('infe', 2, u16(1), u16(0), Buffer.from('hvc1'), u8(0))),
      box(
        'iprp',
        box('ipco', hvcC, fullBox('ispe', 0, u32(width), u32(height))),
        fullBox('ipma', 0, u32(1), u16(1), u8(2), u8(0x81), u8(0x02)),
      ),
    );
  const pictureOffset = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(pictureOffset), box('mdat', picture)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A decompression bomb: a valid 1-bit PNG of `side` x `side` black pixels (400 megapixels at 20000)
 * that weighs a few dozen kilobytes and would take gigabytes once decoded.
 */
export function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth 1
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // filter byte + pixels, all zero
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with one file part (or none). */
export function multipartBody(
  file: { field?: string; filename?: string; contentType?: string; bytes: Buffer } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----motema${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    const { field = 'file', filename = 'photo.jpg', contentType = 'image/jpeg', bytes } = file;
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          `Content-Type: ${contentType}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/photos as the member behind `cookie`, from a fresh IP unless `ip` is given. */
export function postPhoto(
  t: Pick<TestApp, 'app'>,
  cookie: string | undefined,
  bytes: Buffer | null,
  options: { filename?: string; contentType?: string; field?: string; ip?: string } = {},
) {
  const { ip = randomIp(), ...file } = options;
  const body = multipartBody(bytes ? { ...file, bytes } : null);
  return t.app.inject({
    method: 'POST',
    url: '/api/photos',
    remoteAddress: ip,
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

/**
 * Every file under the test app's media folder, as paths relative to it. Folders are walked one at a
 * time, and one removed by the files job while the walk is under way (ENOENT) holds nothing: a single
 * recursive readdir fails whole whenever any folder goes during it, which a test removing a dozen
 * folders at once hit five times running.
 */
export async function storedFiles(t: Pick<TestApp, 'mediaDir'>): Promise<string[]> {
  return (await filesUnder(t.mediaDir, t.mediaDir)).sort();
}

async function filesUnder(root: string, dir: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(root, full);
      return entry.isFile() ? [path.relative(root, full)] : [];
    }),
  );
  return found.flat();
}

export async function photoCount(db: Db, ownerId?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(photos)
    .where(ownerId ? eq(photos.ownerId, ownerId) : undefined);
  return row?.n ?? 0;
}

/** What a refusal must leave untouched: every photo row and every stored file. */
export async function mediaSnapshot(t: Pick<TestApp, 'db' | 'mediaDir'>) {
  const rows: PhotoRow[] = await t.db.select().from(photos);
  return { rows: rows.map((row) => row.id).sort(), files: await storedFiles(t) };
}

/**
 * A photo row with made-up variants and no files (for counts, ownership and what is presented), of
 * `owner` (created when not given), its avatar when `avatar`; `columns` may set any other column.
 */
export async function buildPhoto(
  t: Pick<TestApp, 'db'>,
  options: { owner?: Member; avatar?: boolean } & Partial<typeof photos.$inferInsert> = {},
): Promise<PhotoRow> {
  const { owner = await createMember(t), avatar = false, ...columns } = options;
  const folder = `photos/${owner.user.id}/${randomBytes(16).toString('base64url')}`;
  const [row] = await t.db
    .insert(photos)
    .values({
      ownerId: owner.user.id,
      width: 160,
      height: 120,
      placeholder: 'data:image/webp;base64,',
      variants: [{ width: 160, height: 120, type: 'image/webp', key: `${folder}/160.webp`, bytes: 1 }],
      ...columns,
    })
    .returning();
  if (avatar) await t.db.update(users).set({ avatarPhotoId: row!.id }).where(eq(users.id, owner.user.id));
  return row!;
}
