/** The member-text rule for names: first and last names, and usernames. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RegisterSchema, UsernameSchema } from './auth.ts';
import {
  ATTACHING,
  DIRECTION_FORMATTING,
  insert,
  INVISIBLE_KEPT_BY_TRIM,
  keysAt,
  profile,
  STANDALONE_INVISIBLE,
  TRIMMED,
  visibleText,
  zwjSequence,
} from './member-text-fixtures.ts';

const register = (patch: Record<string, unknown>) =>
  RegisterSchema.safeParse({
    username: 'amani',
    email: 'amani@example.com',
    password: 'kinshasa-nights',
    dateOfBirth: '1995-04-12',
    acceptTerms: true,
    ...patch,
  });

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
