// @slow-tier transcodes chat files with ffmpeg.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatFileUploadSchema, type ChatFileKind } from '@motema/shared/chat';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildConversation, buildMessage, type BuiltConversation } from '../../../test/chat-factories.ts';
import { postChatFile } from '../../../test/chat-files-factories.ts';
import type { Member } from '../../../test/factories.ts';
import {
  PRIVATE_TAG_NAMES,
  TAG_NEEDLES,
  playedStreams,
  probeFile,
  streamDigests,
  tagsOf,
  taggedFlac,
  taggedMp3,
  taggedVideo,
  taggedVoiceNote,
} from '../../../test/tagged-media-fixtures.ts';
import { mp4Boxes } from '../../../test/transcode-fixtures.ts';
import { attachFiles } from './chat-files.service.ts';

/** Boxes of an MP4 or QuickTime file that hold a position, a phone's make and model, or tags. */
const TELLING_BOXES = /(^|\/)(loci|©xyz|©mak|©mod|©nam|©ART|©cmt|©day|ilst\/.+|uuid|meta\/keys)$/;

describe('chat files keep none of the metadata of what was sent (QUALITY U1)', () => {
  let t: TestApp;
  let chat: BuiltConversation;
  let amani: Member;
  let bisi: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    chat = await buildConversation(t);
    [amani, bisi] = chat.members;
  });
  afterAll(() => t.close());

  /** Amani sends the file in a message; Bisi fetches it. */
  async function sendAndFetch(bytes: Buffer, kind: ChatFileKind) {
    const res = await postChatFile(t, amani.cookie, chat.id, bytes, { kind, durationMs: 3000 });
    expect(res.statusCode, res.body).toBe(201);
    const { file } = ChatFileUploadSchema.parse(res.json());
    const message = await buildMessage(t, { conversation: chat });
    await t.db.transaction((tx) =>
      attachFiles(tx, {
        conversationId: chat.id,
        senderId: amani.user.id,
        messageId: message.id,
        fileIds: [file._id],
      }),
    );
    const served = await t.app.inject({ url: file.url!, headers: { cookie: bisi.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(file.mimeType);
    expect(served.rawPayload.length).toBe(file.bytes);
    return { file, served: served.rawPayload };
  }

  it.each([
    ['video', 'a QuickTime video from a phone', () => taggedVideo('mov'), 'video/quicktime'],
    ['video', 'an MP4 video with a location', () => taggedVideo('mp4'), 'video/mp4'],
    ['voice', 'a Chromium voice note (WebM Opus) with tags', () => taggedVoiceNote('webm'), 'audio/webm'],
    ['voice', 'a Firefox voice note (Ogg Opus) with tags', () => taggedVoiceNote('ogg'), 'audio/ogg'],
    ['voice', 'a Safari voice note (MP4 AAC) with tags', () => taggedVoiceNote('m4a'), 'audio/mp4'],
    ['audio', 'an MP3 with ID3 tags and a cover', () => taggedMp3(), 'audio/mpeg'],
    ['audio', 'a FLAC with Vorbis comments', () => taggedFlac(), 'audio/flac'],
  ] as const)(
    'serves as %s %s without a tag, its streams copied as they were',
    async (kind, _, make, mime) => {
      const sent = await make();
      const sentProbe = await probeFile(sent);
      const isoFile = mime.endsWith('mp4') || mime === 'video/quicktime';
      // The fixture carries what the member's file would: a position and tags, readable by anyone (an
      // MP4 writes its position as numbers in a `loci` box, QuickTime as text in `©xyz`).
      const located = isoFile && mp4Boxes(sent).some((box) => /(loci|©xyz)$/.test(box.path));
      expect(located || sent.includes('48.8577')).toBe(true);
      expect(tagsOf(sentProbe).join('\n')).toMatch(PRIVATE_TAG_NAMES);

      const { file, served } = await sendAndFetch(sent, kind);
      expect(file.mimeType).toBe(mime);
      for (const needle of TAG_NEEDLES) expect(served.includes(needle), needle).toBe(false);
      const servedProbe = await probeFile(served);
      const tags = tagsOf(servedProbe);
      expect(tags.filter((tag) => PRIVATE_TAG_NAMES.test(tag.split('=')[0]!))).toEqual([]);
      if (isoFile) {
        expect(mp4Boxes(served).filter((box) => TELLING_BOXES.test(box.path))).toEqual([]);
      }

      // A remux: the same streams (no cover picture), the same coded packets, the same length.
      const codecs = (probe: typeof sentProbe) => playedStreams(probe).map((stream) => stream.codec_name);
      expect(codecs(servedProbe)).toEqual(codecs(sentProbe));
      expect(servedProbe.streams.filter((stream) => stream.disposition?.attached_pic)).toEqual([]);
      expect(await streamDigests(served, servedProbe)).toEqual(await streamDigests(sent, sentProbe));
      const seconds = (probe: typeof sentProbe) => Number(probe.format.duration);
      expect(Math.abs(seconds(servedProbe) - seconds(sentProbe))).toBeLessThan(0.05);
    },
    60_000,
  );
});
