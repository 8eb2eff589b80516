// @slow-tier transcodes chat files with ffmpeg.
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_FILE_MAX_BYTES, ChatFileUploadSchema, type ChatFile } from '@motema/shared/chat';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildConversation } from '../../../test/chat-factories.ts';
import {
  chatFileRows,
  chatFilesSnapshot,
  mp3Sample,
  mp4Sample,
  postChatFile,
  refusedSamples,
  wavSample,
  webmSample,
} from '../../../test/chat-files-factories.ts';
import { createMember, type Member } from '../../../test/factories.ts';
import { phoneJpeg, samples } from '../../../test/media-factories.ts';
import { buildBlock } from '../../../test/safety-factories.ts';
import { taggedMp3, taggedVideo, taggedVoiceNote } from '../../../test/tagged-media-fixtures.ts';
import { phoneClip } from '../../../test/transcode-fixtures.ts';
import { UNATTACHED_UPLOADS_MAX } from './chat-files.service.ts';

describe('POST /api/conversations/:id/files', () => {
  let t: TestApp;
  let amani: Member;
  let conversationId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const chat = await buildConversation(t);
    [amani] = chat.members;
    conversationId = chat.id;
  });
  afterAll(() => t.close());

  it('turns a phone JPEG into clean variants served under the chat route, GPS gone', async () => {
    const jpeg = await phoneJpeg(2000, 1500, 6);
    expect(await exifr.gps(jpeg)).toBeDefined();
    const started = performance.now();
    const res = await postChatFile(t, amani.cookie, conversationId, jpeg, {
      kind: 'photo',
      filename: 'IMG_0001.JPG',
      contentType: 'image/jpeg',
    });
    const elapsed = performance.now() - started;
    expect(res.statusCode, res.body).toBe(201);
    console.info(`chat photo upload (3 MP JPEG, ${jpeg.length} bytes): ${elapsed.toFixed(0)} ms`);
    const { file } = ChatFileUploadSchema.parse(res.json());
    expect(file).toMatchObject({ type: 'photo', mimeType: 'image/webp', durationMs: null, url: null });
    expect(file.image).toMatchObject({ width: 1080, height: 1440 });
    expect(file.image!.sources.every((source) => source.url.startsWith(`/api/chat-files/${file._id}/`))).toBe(
      true,
    );
    expect(JSON.stringify(file)).not.toMatch(/chat\/|uploader|conversation|"key"/);
    for (const source of file.image!.sources) {
      const served = await t.app.inject({ url: source.url, headers: { cookie: amani.cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(source.type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toMatch(/^private/);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.width).toBe(source.width);
      expect(await exifr.gps(served.rawPayload).catch(() => undefined)).toBeUndefined();
    }
  }, 60_000);

  it('accepts a PNG photo', async () => {
    const res = await postChatFile(t, amani.cookie, conversationId, await samples.png(300, 200), {
      kind: 'photo',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ file: ChatFile }>().file.image).toMatchObject({ width: 300, height: 200 });
  });

  it.each([
    ['voice', 'a Chromium voice note (WebM, Opus only)', () => taggedVoiceNote('webm'), 'audio/webm', 'webm'],
    ['voice', 'a Firefox voice note (Ogg Opus)', () => taggedVoiceNote('ogg'), 'audio/ogg', 'ogg'],
    ['voice', 'a Safari voice note (MP4, sound only)', () => taggedVoiceNote('m4a'), 'audio/mp4', 'm4a'],
    ['audio', 'an MP3', () => taggedMp3(), 'audio/mpeg', 'mp3'],
    ['audio', 'a WAV', () => wavSample(), 'audio/wav', 'wav'],
    ['audio', 'an M4A', () => taggedVoiceNote('m4a'), 'audio/mp4', 'm4a'],
    ['video', 'an MP4 video', () => taggedVideo('mp4'), 'video/mp4', 'mp4'],
    ['video', 'a WebM video', () => phoneClip({ format: 'webm' }), 'video/webm', 'webm'],
    ['video', 'a QuickTime video', () => taggedVideo('mov'), 'video/quicktime', 'mov'],
  ] as const)(
    'accepts as %s %s',
    async (kind, _name, make, mimeType, extension) => {
      const bytes = await make();
      const res = await postChatFile(t, amani.cookie, conversationId, bytes, {
        kind,
        durationMs: 4200,
        // The declared type and name play no part.
        filename: 'whatever.txt',
        contentType: 'text/plain',
      });
      expect(res.statusCode, res.body).toBe(201);
      const { file } = ChatFileUploadSchema.parse(res.json());
      expect(file).toMatchObject({ type: kind, mimeType, durationMs: 4200, image: null });
      expect(file.url).toBe(`/api/chat-files/${file._id}/file.${extension}`);
      const served = await t.app.inject({ url: file.url!, headers: { cookie: amani.cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mimeType);
      expect(served.headers['accept-ranges']).toBe('bytes');
      // What is served is the remuxed file (chat-files-metadata.test.ts: without its tags).
      expect(served.rawPayload.length).toBe(file.bytes);
      expect(Math.abs(file.bytes - bytes.length)).toBeLessThan(bytes.length / 2);
    },
    30_000,
  );

  it('refuses with media_unreadable a file whose header is right but which ffmpeg cannot read, storing nothing', async () => {
    const before = await chatFilesSnapshot(t);
    // An MP4 header whose track has no sample description: sniffed as a video, unreadable as one.
    const res = await postChatFile(t, amani.cookie, conversationId, mp4Sample(), { kind: 'video' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'media_unreadable' });
    expect(await chatFilesSnapshot(t)).toEqual(before);
  });

  it.each([
    ['photo', 'an SVG', refusedSamples.svg()],
    ['photo', 'an HTML page named photo.jpg', refusedSamples.html()],
    ['audio', 'an HTML page named song.mp3', refusedSamples.html()],
    ['voice', 'a shell script', refusedSamples.script()],
    ['voice', 'a text file named note.webm', refusedSamples.text()],
    ['voice', 'a JPEG sent as a voice note', 'jpeg'],
    ['voice', 'a WebM with a video track sent as a voice note', 'webm-video'],
    ['video', 'an MP3 sent as a video', 'mp3'],
    ['photo', 'a WebM sent as a photo', 'webm'],
  ] as const)('refuses as %s %s, storing nothing', async (kind, _name, sample) => {
    const bytes =
      sample === 'jpeg'
        ? await samples.small()
        : sample === 'webm-video'
          ? webmSample({ video: true })
          : sample === 'mp3'
            ? mp3Sample()
            : sample === 'webm'
              ? webmSample()
              : sample;
    const before = await chatFilesSnapshot(t);
    const res = await postChatFile(t, amani.cookie, conversationId, bytes, {
      kind,
      filename: kind === 'photo' ? 'photo.jpg' : 'note.webm',
      contentType: kind === 'photo' ? 'image/jpeg' : 'audio/webm',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'chat_file_type_unsupported' });
    expect(await chatFilesSnapshot(t)).toEqual(before);
  });

  it('refuses a voice note over its limit with 413, storing nothing', async () => {
    const before = await chatFilesSnapshot(t);
    const bytes = webmSample({ payloadBytes: CHAT_FILE_MAX_BYTES.voice });
    const res = await postChatFile(t, amani.cookie, conversationId, bytes, { kind: 'voice' });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: 'chat_file_too_large' });
    expect(await chatFilesSnapshot(t)).toEqual(before);
  });

  it('refuses a body larger than any file from its Content-Length, storing nothing', async () => {
    const before = await chatFilesSnapshot(t);
    const bytes = Buffer.alloc(CHAT_FILE_MAX_BYTES.video + 128 * 1024);
    const res = await postChatFile(t, amani.cookie, conversationId, bytes, { kind: 'video' });
    expect(res.statusCode, res.body).toBe(413);
    expect(await chatFilesSnapshot(t)).toEqual(before);
  });

  it('answers chat_file_missing without a file, and names the kind when it is missing or wrong', async () => {
    const before = await chatFilesSnapshot(t);
    const none = await postChatFile(t, amani.cookie, conversationId, null, { kind: 'voice' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'chat_file_missing' });
    const empty = await postChatFile(t, amani.cookie, conversationId, Buffer.alloc(0), { kind: 'voice' });
    expect(empty.json()).toMatchObject({ code: 'chat_file_missing' });
    const noKind = await postChatFile(t, amani.cookie, conversationId, webmSample());
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json()).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'kind', code: 'required' }],
    });
    const badKind = await postChatFile(t, amani.cookie, conversationId, webmSample(), { kind: 'document' });
    expect(badKind.json()).toMatchObject({ issues: [{ path: 'kind', code: 'invalid_value' }] });
    const longVoice = await postChatFile(t, amani.cookie, conversationId, webmSample(), {
      kind: 'voice',
      durationMs: 3_600_000,
    });
    expect(longVoice.json()).toMatchObject({ issues: [{ path: 'durationMs', code: 'invalid_value' }] });
    expect(await chatFilesSnapshot(t)).toEqual(before);
  });

  it('answers 404 to a non-member and for an unknown conversation, 401 to a visitor', async () => {
    const before = await chatFilesSnapshot(t);
    const stranger = await createMember(t);
    const res = await postChatFile(t, stranger.cookie, conversationId, webmSample(), { kind: 'voice' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'conversation_not_found' });
    const unknown = await postChatFile(t, amani.cookie, crypto.randomUUID(), webmSample(), { kind: 'voice' });
    expect(unknown.json()).toMatchObject({ code: 'conversation_not_found' });
    const garbage = await postChatFile(t, amani.cookie, 'not-a-uuid', webmSample(), { kind: 'voice' });
    expect(garbage.statusCode).toBe(404);
    const visitor = await postChatFile(t, undefined, conversationId, webmSample(), { kind: 'voice' });
    expect(visitor.statusCode).toBe(401);
    expect(await chatFilesSnapshot(t)).toEqual(before);
  });

  it('answers 403 chat_blocked when a block stands, storing nothing', async () => {
    const conversation = await buildConversation(t);
    const [carol, dede] = conversation.members;
    await buildBlock(t, { blocker: dede, blocked: carol });
    const before = await chatFilesSnapshot(t);
    const res = await postChatFile(t, carol.cookie, conversation.id, webmSample(), { kind: 'voice' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'chat_blocked' });
    expect(await chatFilesSnapshot(t)).toEqual(before);
  });

  // 31 uploads, each remuxed by ffmpeg (a process start apiece): more than the default 20 s on a busy machine.
  it(
    'refuses more than 30 uploads waiting for their message, storing nothing',
    { timeout: 120_000 },
    async () => {
      const conversation = await buildConversation(t);
      const [gogo] = conversation.members;
      for (let i = 0; i < UNATTACHED_UPLOADS_MAX; i += 1) {
        const res = await postChatFile(t, gogo.cookie, conversation.id, webmSample({ payloadBytes: 64 }), {
          kind: 'voice',
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const before = await chatFilesSnapshot(t);
      const res = await postChatFile(t, gogo.cookie, conversation.id, webmSample(), { kind: 'voice' });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'rate_limited' });
      expect(res.headers['retry-after']).toBe('60');
      expect(await chatFilesSnapshot(t)).toEqual(before);
    },
  );

  it('limits uploads per member', async () => {
    const conversation = await buildConversation(t);
    const [eve] = conversation.members;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      // A fresh address each time: the limit follows the member.
      const res = await postChatFile(t, eve.cookie, conversation.id, refusedSamples.text(), {
        kind: 'voice',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect((await chatFileRows(t.db)).filter((row) => row.uploaderId === eve.user.id)).toEqual([]);
  });
});
