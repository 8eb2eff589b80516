/** The member-text rule for prose: messages, about texts and report texts, and how it differs from names'. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EditMessageSchema, SendMessageSchema } from './chat.ts';
import {
  DIRECTION_FORMATTING,
  insert,
  INVISIBLE_KEPT_BY_TRIM,
  keysAt,
  profile,
  TRIMMED,
  visibleText,
  zwjSequence,
} from './member-text-fixtures.ts';
import { memberTextProblem } from './member-text.ts';
import { ReportSchema } from './safety.ts';

const conversationId = '6f1c2b1e-1b2c-4c3d-8e4f-5a6b7c8d9e0f';
const clientId = '0b8e5a2c-3d4f-4a5b-9c6d-7e8f9a0b1c2d';
const sendText = (text: string) => SendMessageSchema.safeParse({ clientId, conversationId, text });
const report = (text: string) =>
  ReportSchema.safeParse({ user: conversationId, reason: 'other', subReason: 'other', text });

describe('message texts (QUALITY T1)', () => {
  it("refuse the probe's disguised file name, over the socket and in an edit", () => {
    expect(keysAt(sendText('\u202Egnp.exe'), 'text')).toEqual(['text_direction_control']);
    expect(keysAt(EditMessageSchema.safeParse({ text: 'see \u202Egnp.exe' }), 'text')).toEqual([
      'text_direction_control',
    ]);
  });

  it('refuse any message holding an embedding, override or isolate', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.constantFrom(...DIRECTION_FORMATTING),
        fc.double({ min: 0, max: 1 }),
        (text, control, at) => {
          const result = sendText(insert(text, control, at));
          expect(result.success).toBe(false);
          expect(keysAt(result, 'text')).toContain('text_direction_control');
        },
      ),
    );
  });

  it('refuse a message of invisible characters only, however it is made', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...INVISIBLE_KEPT_BY_TRIM, ...TRIMMED, '\u200E', '\u200F'), {
          minLength: 1,
          maxLength: 20,
        }),
        (parts) => {
          const text = parts.join('');
          const sent = sendText(text);
          expect(sent.success).toBe(false);
          expect(['message_empty', 'text_invisible_only']).toContain(keysAt(sent, 'text')[0]);
          expect(EditMessageSchema.safeParse({ text }).success).toBe(false);
        },
      ),
    );
    expect(keysAt(sendText('\u200B\u3164\u2800'), 'text')).toEqual(['text_invisible_only']);
  });

  it('accept any visible message, with ZWJ emoji sequences, marks and zero-width characters inside', () => {
    fc.assert(
      fc.property(visibleText(4000), zwjSequence, fc.double({ min: 0, max: 1 }), (text, sequence, at) => {
        for (const message of [text, sequence, insert(text, sequence, at), insert(text, '\u200B', at)]) {
          expect(sendText(message).error?.issues, JSON.stringify(message)).toBeUndefined();
          expect(EditMessageSchema.safeParse({ text: message }).success).toBe(true);
        }
      }),
    );
    for (const message of [
      '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}',
      '\u2764\uFE0F\u200D\u{1F525}',
      'שלום 3\u200F!',
    ]) {
      expect(sendText(message).success, JSON.stringify(message)).toBe(true);
    }
  });

  it('still accept a message of files only', () => {
    expect(SendMessageSchema.safeParse({ clientId, conversationId, files: [conversationId] }).success).toBe(
      true,
    );
  });
});

describe('about texts and report texts (QUALITY T1)', () => {
  it('refuse direction controls and invisible-only texts, accept an empty one', () => {
    expect(keysAt(profile({ about: 'I like \u202Egnp.exe' }), 'about')).toEqual(['text_direction_control']);
    expect(keysAt(profile({ about: '\u200B\u3164' }), 'about')).toEqual(['text_invisible_only']);
    expect(profile({ about: '   ' }).success).toBe(true);
    expect(keysAt(report('he wrote \u2066this\u2069'), 'text')).toEqual(['text_direction_control']);
    expect(keysAt(report('\u2800'), 'text')).toEqual(['text_invisible_only']);
    expect(report('').success).toBe(true);
    expect(report('He asked me for money \u{1F4B8}').success).toBe(true);
  });
});

describe('memberTextProblem', () => {
  it('judges a name and prose differently where prose may need invisible characters', () => {
    expect(memberTextProblem('Hello\u200Bworld', 'prose')).toBeNull();
    expect(memberTextProblem('Hello\u200Bworld', 'name')).toBe('text_invisible_character');
    expect(memberTextProblem('שלום\u200F!', 'prose')).toBeNull();
    expect(memberTextProblem('שלום\u200F!', 'name')).toBe('text_direction_control');
    expect(memberTextProblem('', 'prose')).toBeNull();
    expect(memberTextProblem('', 'name')).toBeNull();
  });
});
