import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatFiles, messages, users } from '../../../db/schema.ts';
import { startJobQueue, type JobQueue } from '../../../jobs/queue.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildConversation, buildMessage, type BuiltConversation } from '../../../test/chat-factories.ts';
import {
  chatFileRows,
  postChatFile,
  uploadChatFile,
  webmSample,
} from '../../../test/chat-files-factories.ts';
import { createMember, waitFor, type Member } from '../../../test/factories.ts';
import { samples, storedFiles } from '../../../test/media-factories.ts';
import { taggedVoiceNote } from '../../../test/tagged-media-fixtures.ts';
import { buildBlock } from '../../../test/safety-factories.ts';
import { attachFiles, filesOfMessages, scheduleChatFilesRemoval } from './chat-files.service.ts';

function fetchAs(t: TestApp, url: string, cookie?: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

describe('chat files: who may fetch them (Z5), attaching, removal', () => {
  let t: TestApp;
  let jobs: JobQueue;
  let amani: Member;
  let bisi: Member;
  let stranger: Member;
  /** Amani's and Bisi's. */
  let chat: BuiltConversation;
  let conversationId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    jobs = await startJobQueue(t.databaseUrl, () => {});
    chat = await buildConversation(t);
    [amani, bisi] = chat.members;
    conversationId = chat.id;
    stranger = await createMember(t);
  });
  afterAll(async () => {
    await jobs.stop();
    await t.close();
  });

  const attach = (
    messageId: string,
    fileIds: string[],
    senderId = amani.user.id,
    conversation = conversationId,
  ) =>
    t.db.transaction((tx) => attachFiles(tx, { conversationId: conversation, senderId, messageId, fileIds }));

  it('serves a file to its uploader only until attached, then to both members; never to others', async () => {
    const voice = await uploadChatFile(t, amani.cookie, conversationId, webmSample(), 'voice');
    const photo = await uploadChatFile(t, amani.cookie, conversationId, await samples.small(), 'photo');
    const photoUrl = photo.image!.sources[0]!.url;
    for (const url of [voice.url!, photoUrl]) {
      expect((await fetchAs(t, url, amani.cookie)).statusCode).toBe(200);
      expect((await fetchAs(t, url, bisi.cookie)).statusCode).toBe(404);
      expect((await fetchAs(t, url, stranger.cookie)).statusCode).toBe(404);
      expect((await fetchAs(t, url)).statusCode).toBe(404);
    }

    const message = await buildMessage(t, { conversation: chat });
    await attach(message.id, [photo._id, voice._id]);
    for (const url of [voice.url!, photoUrl]) {
      expect((await fetchAs(t, url, amani.cookie)).statusCode).toBe(200);
      expect((await fetchAs(t, url, bisi.cookie)).statusCode).toBe(200);
      const refused = await fetchAs(t, url, stranger.cookie);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toMatch(/conversation|chat\//);
      expect((await fetchAs(t, url)).statusCode).toBe(404);
    }
    // Another name under the same id, an unknown id, a guessed id: 404.
    expect((await fetchAs(t, `/api/chat-files/${voice._id}/file.mp4`, amani.cookie)).statusCode).toBe(404);
    expect(
      (await fetchAs(t, `/api/chat-files/${crypto.randomUUID()}/file.webm`, amani.cookie)).statusCode,
    ).toBe(404);
    expect((await fetchAs(t, `/api/chat-files/1/file.webm`, amani.cookie)).statusCode).toBe(404);

    // In the given order.
    const files = await filesOfMessages(t.db, [message.id, crypto.randomUUID()]);
    expect(files.get(message.id)?.map((file) => file.id)).toEqual([photo._id, voice._id]);
    expect(files.size).toBe(1);
  });

  it('serves nothing to either member once a block stands', async () => {
    const conversation = await buildConversation(t, { members: [bisi] });
    const [, carol] = conversation.members;
    const voice = await uploadChatFile(t, carol.cookie, conversation.id, webmSample(), 'voice');
    const message = await buildMessage(t, { conversation, sender: carol });
    await attach(message.id, [voice._id], carol.user.id, conversation.id);
    expect((await fetchAs(t, voice.url!, bisi.cookie)).statusCode).toBe(200);
    await buildBlock(t, { blocker: bisi, blocked: carol });
    expect((await fetchAs(t, voice.url!, bisi.cookie)).statusCode).toBe(404);
    expect((await fetchAs(t, voice.url!, carol.cookie)).statusCode).toBe(404);
  });

  it('answers Range requests with 206 and the right bytes, 304 on a matching ETag, 416 past the end', async () => {
    const sent = await taggedVoiceNote('webm', 20);
    const voice = await uploadChatFile(t, amani.cookie, conversationId, sent, 'voice');
    const message = await buildMessage(t, { conversation: chat });
    await attach(message.id, [voice._id]);
    // The file as stored: remuxed without its tags.
    const bytes = (await fetchAs(t, voice.url!, bisi.cookie)).rawPayload;
    expect(bytes.length).toBe(voice.bytes);
    expect(bytes.length).toBeGreaterThan(60_000);

    const middle = await fetchAs(t, voice.url!, bisi.cookie, { range: 'bytes=1000-1999' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(middle.headers['content-length']).toBe('1000');
    expect(middle.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);

    const open = await fetchAs(t, voice.url!, bisi.cookie, { range: 'bytes=60000-' });
    expect(open.rawPayload.equals(bytes.subarray(60000))).toBe(true);
    const suffix = await fetchAs(t, voice.url!, bisi.cookie, { range: 'bytes=-100' });
    expect(suffix.headers['content-range']).toBe(
      `bytes ${bytes.length - 100}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(suffix.rawPayload.equals(bytes.subarray(-100))).toBe(true);

    const past = await fetchAs(t, voice.url!, bisi.cookie, { range: `bytes=${bytes.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);

    const full = await fetchAs(t, voice.url!, bisi.cookie);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-length']).toBe(String(bytes.length));
    const again = await fetchAs(t, voice.url!, bisi.cookie, { 'if-none-match': full.headers.etag as string });
    expect(again.statusCode).toBe(304);
    // A stranger learns nothing from a Range either.
    expect((await fetchAs(t, voice.url!, stranger.cookie, { range: 'bytes=0-10' })).statusCode).toBe(404);
  });

  it('refuses to attach what is not the sender’s own unattached upload of this conversation', async () => {
    const mine = await uploadChatFile(t, amani.cookie, conversationId, webmSample(), 'voice');
    const theirs = await uploadChatFile(t, bisi.cookie, conversationId, webmSample(), 'voice');
    const other = await buildConversation(t, { members: [amani, stranger] });
    const elsewhere = await uploadChatFile(t, amani.cookie, other.id, webmSample(), 'voice');
    const message = await buildMessage(t, { conversation: chat });
    const rowsBefore = await chatFileRows(t.db);

    for (const ids of [
      [theirs._id],
      [mine._id, theirs._id],
      [elsewhere._id],
      [crypto.randomUUID()],
      ['not-a-uuid'],
      [mine._id, mine._id],
    ]) {
      await expect(attach(message.id, ids)).rejects.toMatchObject({
        code: 'chat_file_unavailable',
        statusCode: 400,
      });
    }
    expect(await chatFileRows(t.db)).toEqual(rowsBefore);

    await attach(message.id, [mine._id]);
    const second = await buildMessage(t, { conversation: chat });
    await expect(attach(second.id, [mine._id])).rejects.toMatchObject({ code: 'chat_file_unavailable' });
    const [row] = await t.db.select().from(chatFiles).where(eq(chatFiles.id, mine._id));
    expect(row!.messageId).toBe(message.id);
  });

  it('hides an unsent message’s files at once, and the job removes rows and stored files', async () => {
    const voice = await uploadChatFile(t, amani.cookie, conversationId, webmSample(), 'voice');
    const photo = await uploadChatFile(t, amani.cookie, conversationId, await samples.small(), 'photo');
    const message = await buildMessage(t, { conversation: chat });
    await attach(message.id, [voice._id, photo._id]);
    const filesBefore = await storedFiles(t);

    await t.db.update(messages).set({ unsentAt: new Date(), text: null }).where(eq(messages.id, message.id));
    expect((await fetchAs(t, voice.url!, bisi.cookie)).statusCode).toBe(404);
    expect((await fetchAs(t, voice.url!, amani.cookie)).statusCode).toBe(404);
    expect((await filesOfMessages(t.db, [message.id])).get(message.id)).toBeUndefined();

    await scheduleChatFilesRemoval(jobs, { messageId: message.id });
    await waitFor(
      async () => ((await chatFileRows(t.db)).some((row) => row.messageId === message.id) ? undefined : true),
      'the rows removed',
    );
    const filesAfter = await storedFiles(t);
    // Three files went: the small photo's two variants (AVIF, WebP) and the voice note.
    expect(filesBefore.length - filesAfter.length).toBe(3);
    expect(filesAfter.every((file) => filesBefore.includes(file))).toBe(true);
  });

  it('removes every file of a member who leaves (account deletion), by uploader', async () => {
    const conversation = await buildConversation(t, { members: [bisi] });
    const [, gogo] = conversation.members;
    await uploadChatFile(t, gogo.cookie, conversation.id, webmSample(), 'voice');
    await uploadChatFile(t, bisi.cookie, conversation.id, webmSample(), 'voice');
    const prefix = `chat/${conversation.id}/`;
    const before = (await storedFiles(t)).filter((file) => file.startsWith(prefix));
    expect(before).toHaveLength(2);
    await t.db.delete(users).where(eq(users.id, gogo.user.id));
    await scheduleChatFilesRemoval(jobs, { uploaderId: gogo.user.id });
    await waitFor(
      async () =>
        (await storedFiles(t)).filter((file) => file.startsWith(prefix)).length === 1 ? true : undefined,
      'the member’s files removed',
    );
    expect((await storedFiles(t)).filter((file) => file.startsWith(prefix))[0]).toContain(
      `/${bisi.user.id}/`,
    );

    await scheduleChatFilesRemoval(jobs, { conversationId: conversation.id });
    await waitFor(
      async () => ((await storedFiles(t)).some((file) => file.startsWith(prefix)) ? undefined : true),
      'the conversation’s files removed',
    );
  });

  it('sweeps uploads left unattached for a day when someone uploads', async () => {
    const filesBefore = await storedFiles(t);
    const stale = await uploadChatFile(t, bisi.cookie, conversationId, webmSample(), 'voice');
    const [staleFile] = (await storedFiles(t)).filter((file) => !filesBefore.includes(file));
    expect(staleFile).toMatch(/\.webm$/);
    const fresh = await uploadChatFile(t, bisi.cookie, conversationId, webmSample(), 'voice');
    await t.db
      .update(chatFiles)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(chatFiles.id, stale._id));
    const res = await postChatFile(t, amani.cookie, conversationId, webmSample(), { kind: 'voice' });
    expect(res.statusCode).toBe(201);
    const ids = (await chatFileRows(t.db)).map((row) => row.id);
    expect(ids).not.toContain(stale._id);
    expect(ids).toContain(fresh._id);
    await waitFor(
      async () => ((await fetchAs(t, stale.url!, bisi.cookie)).statusCode === 404 ? true : undefined),
      'gone',
    );
    await waitFor(
      async () => ((await storedFiles(t)).includes(staleFile!) ? undefined : true),
      'stale file removed',
    );
  });
});
