import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page.tsx';
import { isolate } from '../../ui/member-text.tsx';
import { buildConversation, buildMessage, ME, OTHER, people } from './chat-fixtures.tsx';
import { ConversationRow } from './list/conversation-row.tsx';
import { MessageBubble } from './messages/message-bubble.tsx';

/**
 * Rows stored before the server refused them (QUALITY T1): a file name that displays as "exe.png",
 * a first name that displays as "Police". They still show, but isolated: nothing after them moves.
 */
const DISGUISED = '\u202Egnp.exe';
const REVERSED = '\u202EeciloP';

/** The member text's element: in its own direction (`dir="auto"`), hence isolated by the browser. */
function expectIsolated(element: HTMLElement, tag: 'BDI' | 'DIV') {
  expect(element.tagName).toBe(tag);
  expect(element.getAttribute('dir')).toBe('auto');
}

describe('member text in chat is isolated from what follows it', () => {
  it('a message bubble: the text and the quoted sender and text, apart from the time', () => {
    const quoted = buildMessage('c-1', 1, { text: DISGUISED });
    const message = buildMessage('c-1', 2, {
      text: DISGUISED,
      sender: { ...people[OTHER], firstName: REVERSED },
      replyTo: {
        _id: quoted._id,
        seq: 1,
        sender: { _id: OTHER, firstName: REVERSED, name: REVERSED },
        text: DISGUISED,
        fileTypes: [],
        unsent: false,
      },
    });
    renderPage(
      '/',
      <MessageBubble
        item={{ kind: 'message', key: message._id, message, mine: false, state: null }}
        meId={ME}
        grouped={false}
        highlighted={false}
        language="en"
        onJump={() => undefined}
        onRetry={() => undefined}
        onDiscard={() => undefined}
      />,
    );
    const [quote, body] = screen.getAllByText(DISGUISED);
    expectIsolated(quote!, 'BDI');
    expectIsolated(body!, 'DIV');
    expectIsolated(screen.getByText(REVERSED), 'BDI');
    // The time is not inside the isolated text, so the override cannot turn it around.
    const time = screen.getByText(/\d/, { selector: 'time' });
    expect(body!.contains(time)).toBe(false);
  });

  it('a conversation row: the name and the last message; the names inside sentences between FSI and PDI', () => {
    const conversation = buildConversation('c-1', {
      member: { ...people[OTHER], firstName: REVERSED, activity: 'earlier', verified: false },
      message: buildMessage('c-1', 1, { text: DISGUISED }),
    });
    renderPage(
      '/',
      <ConversationRow conversation={conversation} meId={ME} now={Date.now()} typing={false} />,
    );
    expectIsolated(screen.getByText(REVERSED), 'BDI');
    expectIsolated(screen.getByText(DISGUISED), 'BDI');

    renderPage(
      '/',
      <ConversationRow
        conversation={{
          ...conversation,
          _id: 'c-2',
          message: buildMessage('c-2', 1, { from: ME, text: DISGUISED }),
        }}
        meId={ME}
        now={Date.now()}
        typing={false}
      />,
    );
    expect(screen.getByText(`You: ${isolate(DISGUISED)}`)).toBeTruthy();
  });
});
