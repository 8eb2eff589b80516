import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import type { Env } from '../env.ts';

export type StoredFile = { body: Readable; size: number; contentType: string };
/** Bytes `start` to `end` (inclusive) of a file, for HTTP Range requests; `end` is within the file. */
export type ByteRange = { start: number; end: number };

/** Where media files live: local disk by default, an S3-compatible bucket when configured. */
export type MediaStorage = {
  kind: 'local' | 's3';
  put: (key: string, body: Buffer, contentType: string) => Promise<void>;
  /**
   * Stores a stream without holding it in memory (a video upload of up to 100 MB), and returns its
   * size. A stream that fails (a byte limit of the caller's) stores nothing.
   */
  putStream: (key: string, body: Readable, contentType: string) => Promise<number>;
  /** The file (or only `range` of it: `size` is then the range's length), or null when no file has this key. */
  get: (key: string, range?: ByteRange) => Promise<StoredFile | null>;
  /** Removes every file whose key starts with `prefix` (e.g. `photos/{ownerId}/`). */
  deletePrefix: (prefix: string) => Promise<void>;
  /**
   * Where the file of `key` is on this machine's disk (local storage only): the media worker's
   * transcode reads an upload in place rather than copying it (tens of MB of disk writes).
   */
  localPath?: (key: string) => string;
};

/**
 * Keys are slash-separated segments of letters, digits, `_`, `-` and `.`, never `.` or `..` alone,
 * never starting with a slash: nothing that could leave the media folder or the bucket's prefix.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

function assertSafeKey(key: string, { prefix = false } = {}): void {
  const segments = key.split('/');
  // A prefix may end with a slash (a folder): its last segment is then empty.
  if (prefix && segments.length > 1 && segments.at(-1) === '') segments.pop();
  const safe =
    key.length > 0 &&
    key.length <= 512 &&
    segments.every((segment) => SEGMENT.test(segment) && !/^\.+$/.test(segment));
  if (!safe) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};

/** Files under `root` (DATA_DIR/media by default); writes go through a temporary file and a rename. */
export function createLocalStorage(root: string): MediaStorage {
  const base = path.resolve(root);
  const resolve = (key: string, options?: { prefix?: boolean }) => {
    assertSafeKey(key, options);
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
    return full;
  };
  return {
    kind: 'local',
    localPath: (key) => resolve(key),
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async putStream(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await pipeline(body, createWriteStream(temporary));
        await rename(temporary, file);
        return (await stat(file)).size;
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return {
          body: createReadStream(file, range),
          size: range ? range.end - range.start + 1 : info.size,
          contentType: TYPES_BY_EXTENSION[path.extname(file)] ?? 'application/octet-stream',
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async deletePrefix(prefix) {
      const full = resolve(prefix, { prefix: true });
      if (prefix.endsWith('/')) {
        await rm(full, { recursive: true, force: true });
        return;
      }
      const folder = path.dirname(full);
      const start = path.basename(full);
      let names: string[];
      try {
        names = await readdir(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      await Promise.all(
        names
          .filter((name) => name.startsWith(start))
          .map((name) => rm(path.join(folder, name), { recursive: true, force: true })),
      );
    },
  };
}

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** Keys per listing page when deleting a prefix (S3's maximum, 1000, unless a test pages smaller). */
  listPageSize?: number;
};

/** An S3-compatible bucket (AWS S3, MinIO, R2, Scaleway, ...). */
export function createS3Storage(settings: S3Settings): MediaStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible stores reject the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async putStream(key, body, contentType) {
      assertSafeKey(key);
      // PutObject needs the length first: the stream is spooled to a temporary file (on disk, not in
      // memory), then sent from it.
      const folder = await mkdtemp(path.join(os.tmpdir(), 'motema-upload-'));
      try {
        const file = path.join(folder, 'body');
        await pipeline(body, createWriteStream(file));
        const { size } = await stat(file);
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: createReadStream(file),
            ContentType: contentType,
            ContentLength: size,
          }),
        );
        return size;
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    async get(key, range) {
      assertSafeKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async deletePrefix(prefix) {
      assertSafeKey(prefix, { prefix: true });
      // Lists the first page again after deleting it, rather than following continuation tokens
      // (S3 lists consistently after deletes, and some S3-compatible stores mishandle the tokens of
      // ListObjectsV2): the plain listing, with no marker, works everywhere.
      for (;;) {
        const page = await client.send(
          new ListObjectsCommand({ Bucket, Prefix: prefix, MaxKeys: settings.listPageSize ?? 1000 }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
        // One request per object: DeleteObjects needs checksum headers some S3-compatible stores refuse.
        // A member has at most a few dozen files, deleted eight at a time.
        for (let i = 0; i < keys.length; i += 8) {
          await Promise.all(
            keys.slice(i, i + 8).map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))),
          );
        }
        if (keys.length === 0 || !page.IsTruncated) return;
      }
    },
  };
}

/** S3 when S3_BUCKET is set, otherwise local disk under DATA_DIR/media. */
export function createMediaStorage(env: Env): MediaStorage {
  if (env.S3_BUCKET) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage(path.join(env.DATA_DIR, 'media'));
}
