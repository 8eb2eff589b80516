import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RegisterSchema, UsernameSchema } from './auth.ts';
import { EditMessageSchema, SendMessageSchema } from './chat.ts';
import { memberTextProblem } from './member-text.ts';
import { ReportSchema } from './safety.ts';
import { ProfileUpdateSchema } from './users.ts';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const keysAt = (result: Result, field: string) =>
  (result.error?.issues ?? []).filter((issue) => issue.path[0] === field).map((issue) => issue.message);

const conversationId = '6f1c2b1e-1b2c-4c3d-8e4f-5a6b7c8d9e0f';
const clientId = '0b8e5a2c-3d4f-4a5b-9c6d-7e8f9a0b1c2d';
const profile = (patch: Record<string, unknown>) =>
  ProfileUpdateSchema.safeParse({ firstName: 'Amani', dateOfBirth: '1995-04-12', sex: 'female', ...patch });
const register = (patch: Record<string, unknown>) =>
  RegisterSchema.safeParse({
    username: 'amani',
    email: 'amani@example.com',
    password: 'kinshasa-nights',
    dateOfBirth: '1995-04-12',
    acceptTerms: true,
    ...patch,
  });
const sendText = (text: string) => SendMessageSchema.safeParse({ clientId, conversationId, text });
const report = (text: string) =>
  ReportSchema.safeParse({ user: conversationId, reason: 'other', subReason: 'other', text });

/** Embeddings, overrides and isolates: the characters that reorder what surrounds them. */
const DIRECTION_FORMATTING = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
/** Invisible characters that belong to the visible one before them (joiners, selectors, tags). */
const ATTACHING = ['\u200C', '\u200D', '\uFE0F', '\u{E0067}'];
/** Characters that draw nothing, stand alone, and that JavaScript's trim() keeps. */
const STANDALONE_INVISIBLE = [
  '\u200B', // zero width space
  '\u2060', // word joiner
  '\u00AD', // soft hyphen
  '\u034F', // combining grapheme joiner
  '\u180E', // Mongolian vowel separator
  '\u2061', // function application
  '\u115F', // Hangul choseong filler
  '\u1160', // Hangul jungseong filler
  '\u3164', // Hangul filler
  '\uFFA0', // halfwidth Hangul filler
  '\u2800', // braille pattern blank
  '\u{1D173}', // musical symbol begin beam
  '\u0085', // next line (a control)
];
const INVISIBLE_KEPT_BY_TRIM = [...STANDALONE_INVISIBLE, ...ATTACHING];
/** White space that trim() removes. */
const TRIMMED = [' ', '\t', '\n', '\u00A0', '\u2003', '\u3000', '\uFEFF', '\u2028'];

/** Letters, digits and punctuation of several scripts, and emoji: each draws something. */
const visibleCharacter = fc.oneof(
  ...[
    [0x41, 0x5a], // Latin capitals
    [0x61, 0x7a], // Latin small letters
    [0xc0, 0xd6], // Latin-1 letters
    [0x30, 0x39], // digits
    [0x410, 0x44f], // Cyrillic
    [0x5d0, 0x5ea], // Hebrew
    [0x627, 0x64a], // Arabic
    [0x905, 0x939], // Devanagari
    [0x4e00, 0x9fff], // CJK ideographs
    [0xac00, 0xd7a3], // Hangul syllables
    [0x1f600, 0x1f64f], // emoticons
  ].map(([min, max]) => fc.integer({ min: min!, max: max! }).map((code) => String.fromCodePoint(code))),
  fc.constantFrom('.', ',', '!', '?', "'", '-', '(', ')'),
);
const word = fc.string({ unit: visibleCharacter, minLength: 1, maxLength: 8 });
/** Words separated by single spaces, at most `max` UTF-16 units. */
const visibleText = (max: number) =>
  fc
    .array(word, { minLength: 1, maxLength: 6 })
    .map((words) => words.join(' '))
    .filter((text) => text.length <= max);

const emoji = fc.integer({ min: 0x1f466, max: 0x1f469 }).map((code) => String.fromCodePoint(code));
const skinTone = fc.integer({ min: 0x1f3fb, max: 0x1f3ff }).map((code) => String.fromCodePoint(code));
/** Emoji joined by ZWJ, each with an optional skin tone or presentation selector: 👩🏽‍💻, ❤️‍🔥... */
const zwjSequence = fc
  .array(
    fc.tuple(
      fc.oneof(emoji, fc.constantFrom('\u2764', '\u{1F525}', '\u{1F4BB}')),
      fc.option(skinTone),
      fc.boolean(),
    ),
    { minLength: 2, maxLength: 4 },
  )
  .map((parts) =>
    parts.map(([base, tone, selector]) => base + (tone ?? (selector ? '\uFE0F' : ''))).join('\u200D'),
  );

/** `text` with `inserted` placed at `at` (a fraction of its length). */
const insert = (text: string, inserted: string, at: number) => {
  const index = Math.floor(at * (text.length + 1));
  return text.slice(0, index) + inserted + text.slice(index);
};

describe('member names (QUALITY T1)', () => {
  it("refuse the probe's reversed first name and keep refusing it everywhere a name is written", () => {
    expect(keysAt(profile({ firstName: '\u202EeciloP\u200B' }), 'firstName')).toEqual([
      'text_direction_control',
    ]);
    expect(keysAt(profile({ lastName: '\u202EeciloP' }), 'lastName')).toEqual(['text_direction_control']);
    expect(keysAt(register({ firstName: '\u202EeciloP\u200B' }), 'firstName')).toEqual([
      'text_direction_control',
    ]);
  });

  it.each(['\u200E', '\u200F', '\u061C'])('refuse the direction mark %j in a name', (mark) => {
    expect(keysAt(profile({ firstName: `Amani${mark}` }), 'firstName')).toEqual(['text_direction_control']);
  });

  it.each(STANDALONE_INVISIBLE)('refuse %j alone, before, inside or after a name', (invisible) => {
    for (const firstName of [invisible, `${invisible}Amani`, `Am${invisible}ani`, `Amani${invisible}`]) {
      expect(keysAt(profile({ firstName }), 'firstName'), JSON.stringify(firstName)).toEqual([
        'text_invisible_character',
      ]);
      expect(keysAt(register({ firstName }), 'firstName'), JSON.stringify(firstName)).toEqual([
        'text_invisible_character',
      ]);
    }
  });

  it('refuse a first name of white space only as required, and store an empty last name for one', () => {
    expect(keysAt(profile({ firstName: TRIMMED.join('') }), 'firstName')).toEqual(['first_name_required']);
    const parsed = profile({ lastName: TRIMMED.join('') });
    expect(parsed.success && parsed.data.lastName).toBe('');
  });

  it.each([
    'Amani',
    'Jean Pierre',
    "N'Golo Kanté",
    'محمد',
    'שרה',
    '山田\u3000花子',
    'می\u200Cخواهم', // Persian spelling needs ZWNJ between letters
    'क\u094D\u200Dष', // Devanagari half form with ZWJ
    'Marie \u2764\uFE0F',
    '\u{1F469}\u{1F3FD}\u200D\u{1F4BB} Ana',
    'Rose \u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}', // flag of England (tags)
  ])('accept the name %j', (firstName) => {
    const parsed = profile({ firstName, lastName: firstName });
    expect(parsed.error?.issues).toBeUndefined();
    expect(register({ firstName }).success).toBe(true);
  });

  it.each(ATTACHING)('refuse %j where it belongs to no visible character', (invisible) => {
    for (const firstName of [invisible, `${invisible}Amani`, `Jean ${invisible}Pierre`]) {
      expect(keysAt(profile({ firstName }), 'firstName'), JSON.stringify(firstName)).toEqual([
        'text_invisible_character',
      ]);
    }
  });

  it('refuse a name over the limit for its length alone', () => {
    expect(keysAt(profile({ firstName: `\u202E${'a'.repeat(60)}` }), 'firstName')).toEqual(['max_length']);
  });

  it('refuse a joiner that joins nothing', () => {
    for (const firstName of [
      '\u200DAmani',
      'Amani \u200D',
      'Am\u200D\u200Dani',
      'Amani\u200C ',
      'Amani\u200D',
    ]) {
      expect(keysAt(profile({ firstName }), 'firstName'), JSON.stringify(firstName)).toEqual([
        'text_invisible_character',
      ]);
    }
  });

  it('refuse any name holding an embedding, override or isolate', () => {
    fc.assert(
      fc.property(
        visibleText(40),
        fc.constantFrom(...DIRECTION_FORMATTING),
        fc.double({ min: 0, max: 1 }),
        (text, control, at) => {
          const firstName = insert(text, control, at);
          expect(keysAt(profile({ firstName }), 'firstName')).toEqual(['text_direction_control']);
        },
      ),
    );
  });

  it('accept any visible name, emoji sequences included', () => {
    fc.assert(
      fc.property(fc.oneof(visibleText(50), zwjSequence), (firstName) => {
        expect(profile({ firstName, lastName: firstName }).error?.issues).toBeUndefined();
      }),
    );
  });

  it('refuse any name made of invisible characters only', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...INVISIBLE_KEPT_BY_TRIM, ...TRIMMED), { minLength: 1, maxLength: 10 }),
        (parts) => {
          const result = profile({ firstName: parts.join('') });
          expect(result.success).toBe(false);
          expect(['first_name_required', 'text_invisible_character']).toContain(
            keysAt(result, 'firstName')[0],
          );
        },
      ),
    );
  });
});

describe('usernames (QUALITY T1)', () => {
  it.each([
    ['\u202EeciloP', 'username_start_letter'],
    ['alice\u202E', 'username_characters'],
    ['ali\u200Bce', 'username_characters'],
    ['alice\u3164', 'username_characters'],
  ])('refuse %j (letters, digits and underscores only)', (username, key) => {
    expect(UsernameSchema.safeParse(username).error?.issues[0]?.message).toBe(key);
  });
});

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
