import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { createLocalStorage, createMediaStorage, createS3Storage, type MediaStorage } from './storage.ts';

async function read(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The same behaviour from every implementation. */
function behavesAsMediaStorage(storage: () => MediaStorage) {
  it('puts a file and gets it back with its size and type', async () => {
    const body = Buffer.from('RIFF....WEBPVP8 bytes');
    await storage().put('photos/owner-a/abc123/160.webp', body, 'image/webp');
    const file = await storage().get('photos/owner-a/abc123/160.webp');
    expect(file).not.toBeNull();
    expect(file!.size).toBe(body.length);
    expect(file!.contentType).toBe('image/webp');
    expect(await read(file!.body)).toEqual(body);
  });

  it('answers null for a key with no file', async () => {
    expect(await storage().get('photos/nobody/none/160.webp')).toBeNull();
  });

  it('replaces a file put again under the same key', async () => {
    await storage().put('photos/owner-r/x/1.avif', Buffer.from('first'), 'image/avif');
    await storage().put('photos/owner-r/x/1.avif', Buffer.from('second'), 'image/avif');
    expect(await read((await storage().get('photos/owner-r/x/1.avif'))!.body)).toEqual(Buffer.from('second'));
  });

  it('stores a stream, returns its size, and stores nothing of a stream that fails', async () => {
    const chunks = [Buffer.alloc(300_000, 1), Buffer.alloc(200_000, 2)];
    const size = await storage().putStream('media/owner-s/abc/upload', Readable.from(chunks), 'video/mp4');
    expect(size).toBe(500_000);
    expect(await read((await storage().get('media/owner-s/abc/upload'))!.body)).toEqual(
      Buffer.concat(chunks),
    );

    async function* failing() {
      yield Buffer.alloc(100_000, 3);
      throw new Error('over the limit');
    }
    await expect(
      storage().putStream('media/owner-s/def/upload', Readable.from(failing()), 'video/mp4'),
    ).rejects.toThrow('over the limit');
    expect(await storage().get('media/owner-s/def/upload')).toBeNull();
    await expect(
      storage().putStream('../escape', Readable.from([Buffer.from('x')]), 'video/mp4'),
    ).rejects.toThrow(/unsafe storage key/);
  });

  it('deletes every file under a prefix, and only those', async () => {
    const keys = [
      'photos/owner-b/one/160.webp',
      'photos/owner-b/one/480.avif',
      'photos/owner-b/two/160.webp',
    ];
    for (const key of keys) await storage().put(key, Buffer.from(key), 'image/webp');
    await storage().put('photos/owner-bb/one/160.webp', Buffer.from('neighbour'), 'image/webp');

    await storage().deletePrefix('photos/owner-b/one/');
    expect(await storage().get(keys[0]!)).toBeNull();
    expect(await storage().get(keys[1]!)).toBeNull();
    expect(await storage().get(keys[2]!)).not.toBeNull();

    await storage().deletePrefix('photos/owner-b/');
    expect(await storage().get(keys[2]!)).toBeNull();
    // A prefix is a folder here: owner-bb is not under photos/owner-b/.
    expect(await storage().get('photos/owner-bb/one/160.webp')).not.toBeNull();
    await storage().deletePrefix('photos/owner-missing/');
  });

  it.each([
    '../secret',
    'photos/../../etc/passwd',
    '/etc/passwd',
    'photos//x',
    'photos/./x',
    'photos/a\\b',
    '',
  ])('refuses the unsafe key %j', async (key) => {
    await expect(storage().put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe storage key/);
    await expect(storage().get(key)).rejects.toThrow(/unsafe storage key/);
    await expect(storage().deletePrefix(key)).rejects.toThrow(/unsafe storage key/);
  });
}

describe('local disk storage', () => {
  let root: string;
  let parent: string;
  let storage: MediaStorage;
  beforeAll(async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'motema-storage-'));
    root = path.join(parent, 'media');
    storage = createLocalStorage(root);
  });
  afterAll(() => rm(parent, { recursive: true, force: true }));

  behavesAsMediaStorage(() => storage);

  it('keeps files under its folder, and nothing outside can be reached', async () => {
    await writeFile(path.join(parent, 'secret'), 'outside');
    await storage.put('photos/o/k/160.webp', Buffer.from('inside'), 'image/webp');
    expect(await readFile(path.join(root, 'photos/o/k/160.webp'), 'utf8')).toBe('inside');
    await expect(storage.get('../secret')).rejects.toThrow(/unsafe/);
    await expect(storage.deletePrefix('..')).rejects.toThrow(/unsafe/);
    expect(await readFile(path.join(parent, 'secret'), 'utf8')).toBe('outside');
  });

  it('is the default, under DATA_DIR/media', () => {
    expect(createMediaStorage(parseEnv({ DATA_DIR: parent })).kind).toBe('local');
  });
});

describe('S3 storage, against a real local S3 server (s3rver)', () => {
  let server: S3rver;
  let directory: string;
  let storage: MediaStorage;
  let endpoint: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'motema-s3rver-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'motema-media' }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    // Through the same settings as production: S3_BUCKET switches the storage to S3.
    storage = createMediaStorage(
      parseEnv({
        S3_BUCKET: 'motema-media',
        S3_ENDPOINT: endpoint,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    );
  });
  afterAll(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('is chosen when S3_BUCKET is set; a half-given key pair stops the start', () => {
    expect(storage.kind).toBe('s3');
    expect(() => parseEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id-only' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });

  behavesAsMediaStorage(() => storage);

  it('deletes a prefix holding more files than one listing page', async () => {
    const paged = createS3Storage({
      bucket: 'motema-media',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      listPageSize: 7,
    });
    const keys = Array.from({ length: 30 }, (_, i) => `photos/owner-many/f${i}/160.webp`);
    await Promise.all(keys.map((key) => paged.put(key, Buffer.from(key), 'image/webp')));
    await paged.put('photos/owner-other/f/160.webp', Buffer.from('stays'), 'image/webp');
    await paged.deletePrefix('photos/owner-many/');
    for (const key of keys) expect(await paged.get(key)).toBeNull();
    expect(await paged.get('photos/owner-other/f/160.webp')).not.toBeNull();
  });
});
