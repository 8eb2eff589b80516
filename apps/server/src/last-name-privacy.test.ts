import { beforeAll, describe, expect, it } from 'vitest';
import type { MatchEvent } from '@motema/shared/discovery';
import { buildConversation, buildMessage, requestAs, sent, textMessage } from './test/chat-factories.ts';
import { createProfile, listFor, rate } from './test/discovery-factories.ts';
import type { Member } from './test/factories.ts';
import { buildBlock } from './test/safety-factories.ts';
import { collectEvents, eventually, nextEvent, socketTestBed } from './test/socket-test-bed.ts';
import type { TestApp } from './test/build-test-app.ts';

/**
 * The last name is shown to nobody else (QUALITY Z2): every answer or event naming another member
 * names them by first name; only the member's own profile carries their last name.
 */
describe('a last name is shown to nobody else', () => {
  const bed = socketTestBed();
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });

  const segun = () => createProfile(t, { firstName: 'Segun', lastName: 'Malonga', sex: 'male' });
  const expectFirstNameOnly = (body: string) => {
    expect(body).toContain('"name":"Segun"');
    expect(body).not.toContain('Malonga');
  };

  it('on the profile page, for a visitor and for a member', async () => {
    const [member, viewer] = [await segun(), await createProfile(t)];
    const asVisitor = await t.app.inject({ method: 'GET', url: `/api/users/${member.user.id}` });
    const asViewer = await requestAs(t, viewer)('GET', `/api/users/${member.user.id}`);
    expect([asVisitor.statusCode, asViewer.statusCode]).toEqual([200, 200]);
    expectFirstNameOnly(asVisitor.body);
    expectFirstNameOnly(asViewer.body);
  });

  it('on the cards of the lists and in the match event', async () => {
    const [member, viewer] = [await segun(), await createProfile(t)];
    const card = (await listFor(t, viewer, 'users')).users.find((user) => user._id === member.user.id);
    expect(card).toMatchObject({ firstName: 'Segun', name: 'Segun' });
    expectFirstNameOnly(JSON.stringify(card));

    const events = collectEvents<MatchEvent>(await bed.socketOf(viewer), (e) => e.startsWith('matched:'));
    await rate(t, viewer, member, 5);
    await rate(t, member, viewer, 5);
    await eventually(() => expect(events).toHaveLength(1));
    expectFirstNameOnly(JSON.stringify(events[0]!.payload));
  });

  it('in the conversations, their messages and a message just sent', async () => {
    const [member, viewer] = [await segun(), await createProfile(t)];
    const conversation = await buildConversation(t, { members: [viewer, member] });
    await buildMessage(t, { conversation, sender: member, text: 'Mbote' });
    const list = await requestAs(t, viewer)('GET', '/api/conversations');
    const page = await requestAs(t, viewer)('GET', `/api/conversations/${conversation.id}/messages`);
    expect([list.statusCode, page.statusCode]).toEqual([200, 200]);
    expectFirstNameOnly(list.body);
    expectFirstNameOnly(page.body);

    const arriving = nextEvent(await bed.socketOf(viewer), 'chats:messages:new');
    const message = await sent(await bed.socketOf(member), textMessage(conversation.id, 'Sango nini?'));
    expectFirstNameOnly(JSON.stringify(message));
    expectFirstNameOnly(JSON.stringify(await arriving));
  });

  it('on the block list', async () => {
    const [member, viewer] = [await segun(), await createProfile(t)];
    await buildBlock(t, { blocker: viewer, blocked: member });
    const res = await requestAs(t, viewer)('GET', '/api/blocks');
    expect(res.statusCode).toBe(200);
    expectFirstNameOnly(res.body);
  });

  it('while the member’s own profile keeps it', async () => {
    const member: Member = await segun();
    const res = await requestAs(t, member)('GET', '/api/users/profile');
    expect(res.json()).toMatchObject({ firstName: 'Segun', lastName: 'Malonga', name: 'Segun Malonga' });
  });
});
