import { describe, expect, it } from 'vitest';
import { REPORT_REASON_KEYS, REPORT_REASONS, ReportSchema } from './safety.ts';

const user = '6f1c2b1e-1b2c-4c3d-8e4f-5a6b7c8d9e0f';
const subReasonsOf = (reason: string) =>
  REPORT_REASONS[reason as keyof typeof REPORT_REASONS] as readonly string[];

describe('report reasons', () => {
  it('are the seven reasons of the spec, each ending with "other", without repeats', () => {
    expect(REPORT_REASON_KEYS).toEqual([
      'fake_account',
      'inappropriate_content',
      'scam_or_commercial',
      'hate_speech_or_violence',
      'underage',
      'not_interested',
      'other',
    ]);
    for (const reason of REPORT_REASON_KEYS) {
      const subs = subReasonsOf(reason);
      expect(subs.at(-1), reason).toBe('other');
      expect(new Set(subs).size, reason).toBe(subs.length);
    }
  });

  it('keep the sub-reasons the spec lists for a fake account', () => {
    expect(REPORT_REASONS.fake_account).toEqual([
      'someone_i_know_photo',
      'my_photo',
      'famous_person_photo',
      'robotic_replies',
      'fake_location',
      'limited_info',
      'other',
    ]);
  });

  it('accept every sub-reason with its own reason and refuse it with any other', () => {
    for (const reason of REPORT_REASON_KEYS) {
      for (const other of REPORT_REASON_KEYS) {
        for (const subReason of subReasonsOf(other)) {
          const result = ReportSchema.safeParse({ user, reason, subReason });
          const expected = subReasonsOf(reason).includes(subReason);
          expect(result.success, `${reason} / ${subReason}`).toBe(expected);
          if (!result.success) {
            expect(result.error.issues).toEqual([
              expect.objectContaining({ path: ['subReason'], message: 'report_sub_reason_required' }),
            ]);
          }
        }
      }
    }
  });

  it('trim the text and default it to empty', () => {
    const parsed = ReportSchema.parse({ user, reason: 'other', subReason: 'other', text: '  hello \n' });
    expect(parsed.text).toBe('hello');
    expect(ReportSchema.parse({ user, reason: 'other', subReason: 'other' }).text).toBe('');
  });

  it('never throw on an unknown reason, whatever else is wrong', () => {
    for (const reason of ['toString', '__proto__', 'constructor', '', 'x']) {
      const result = ReportSchema.safeParse({ user, reason, subReason: 'other', text: 'a'.repeat(5000) });
      expect(result.success).toBe(false);
    }
  });

  it('point at a post or a comment beside the member, never both', () => {
    const target = '0b6c2a8e-3f1d-4e5a-9b7c-1d2e3f4a5b6c';
    const base = { user, reason: 'other', subReason: 'other' };
    expect(ReportSchema.parse({ ...base, post: target })).toMatchObject({ post: target });
    expect(ReportSchema.parse({ ...base, comment: target })).toMatchObject({ comment: target });
    const both = ReportSchema.safeParse({ ...base, post: target, comment: target });
    expect(both.success).toBe(false);
    expect(both.error?.issues).toEqual([
      expect.objectContaining({ path: ['comment'], message: 'invalid_value' }),
    ]);
    expect(ReportSchema.safeParse({ ...base, post: 'not-an-id' }).success).toBe(false);
  });

  it('point at one photo, story or message beside the member at most, and at none beside a zone', () => {
    const target = '0b6c2a8e-3f1d-4e5a-9b7c-1d2e3f4a5b6c';
    const base = { user, reason: 'other', subReason: 'other' };
    for (const key of ['photo', 'story', 'message']) {
      expect(ReportSchema.parse({ ...base, [key]: target }), key).toMatchObject({ [key]: target });
      expect(ReportSchema.safeParse({ ...base, [key]: target, post: target }).success, key).toBe(false);
      const zone = ReportSchema.safeParse({
        reason: 'other',
        subReason: 'other',
        zone: target,
        [key]: target,
      });
      expect(zone.success, key).toBe(false);
    }
    expect(ReportSchema.safeParse({ ...base, photo: target, message: target }).success).toBe(false);
    expect(ReportSchema.safeParse({ reason: 'other', subReason: 'other', photo: target }).success).toBe(
      false,
    );
  });
});
