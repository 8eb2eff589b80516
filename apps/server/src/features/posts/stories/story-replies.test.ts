import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@motema/shared/chat';
import { STORY_LIFETIME_MS } from '@motema/shared/posts';
import { clock } from '../../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildMessage, type BuiltConversation } from '../../../test/chat-factories.ts';
import { buildMatch, createProfile } from '../../../test/discovery-factories.ts';
import type { Member } from '../../../test/factories.ts';
import { injectAs } from '../../../test/posts-matrix.ts';
import { buildStory } from '../../../test/story-factories.ts';

/**
 * A reply to a story reaches the chat as "replied to your story" with the story's picture, for both
 * members, while the story lasts; once it ended or its author deleted it, the message says so
 * without the picture, and its text stays.
 */
describe('a story reply in the chat', () => {
  let t: TestApp;
  let author: Member;
  let replier: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    author = await createProfile(t, { firstName: 'Awa' });
    replier = await createProfile(t, { firstName: 'Kofi' });
    await buildMatch(t, { members: [author, replier] });
  });
  afterAll(() => t.close());

  async function reply(storyId: string, text: string) {
    const res = await injectAs(t, replier, {
      method: 'POST',
      url: `/api/stories/${storyId}/replies`,
      payload: { clientId: randomUUID(), text },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { conversation: { _id: string }; message: Message };
  }

  async function historyOf(member: Member, conversationId: string): Promise<Message[]> {
    const res = await injectAs(t, member, {
      method: 'GET',
      url: `/api/conversations/${conversationId}/messages`,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { messages: Message[] }).messages;
  }

  const named = (messages: Message[], text: string) => messages.find((one) => one.text === text);

  it('carries the story’s picture for both members, served to each of them', async () => {
    const story = await buildStory(t, { author, visibility: 'private', allowed: [replier] });
    const sent = await reply(story.id, 'Beautiful colours!');
    const picture = sent.message.story?.image;
    expect(picture?.thumbnail).toMatch(new RegExp(`^/api/stories/${story.id}/media/${story.itemId}/`));

    for (const member of [author, replier]) {
      const shown = named(await historyOf(member, sent.conversation._id), 'Beautiful colours!');
      expect(shown?.story?.image?.thumbnail).toBe(picture?.thumbnail);
      const file = await injectAs(t, member, { method: 'GET', url: shown!.story!.image!.thumbnail });
      expect(file.statusCode).toBe(200);
    }
  });

  it('says the story is gone, without its picture, once its author deleted it', async () => {
    const story = await buildStory(t, { author });
    const sent = await reply(story.id, 'Where is this?');
    const removed = await injectAs(t, author, { method: 'DELETE', url: `/api/stories/${story.id}` });
    expect(removed.statusCode).toBe(204);
    for (const member of [author, replier]) {
      const shown = named(await historyOf(member, sent.conversation._id), 'Where is this?');
      expect(shown?.story).toEqual({ image: null });
    }
  });

  it('says the story is gone once it ended, even before the sweeper removed it', async () => {
    const story = await buildStory(t, { author });
    const sent = await reply(story.id, 'So nice');
    clock.advance(STORY_LIFETIME_MS);
    const shown = await historyOf(author, sent.conversation._id)
      .then((messages) => named(messages, 'So nice'))
      .finally(() => clock.reset());
    expect(shown?.story).toEqual({ image: null });
    expect(shown?.text).toBe('So nice');
  });

  it('leaves an ordinary message of the same conversation without a story', async () => {
    const story = await buildStory(t, { author });
    const sent = await reply(story.id, 'First');
    const conversation = { id: sent.conversation._id } as BuiltConversation;
    await buildMessage(t, { conversation, sender: author, text: 'Thank you' });
    const messages = await historyOf(replier, sent.conversation._id);
    expect(named(messages, 'First')?.story).toEqual({ image: expect.any(Object) });
    expect(named(messages, 'Thank you')).toBeDefined();
    expect(named(messages, 'Thank you')).not.toHaveProperty('story');
  });
});
