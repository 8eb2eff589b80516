import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, type Member } from '../../test/factories.ts';
import { heicSample, postPhoto, samples } from '../../test/media-factories.ts';

/** Damaged and hostile images (R2): every answer is 201 or a clear 4xx, never a 5xx or a crash. */
describe('POST /api/photos under damaged image bytes', () => {
  let t: TestApp;
  let member: Member;
  let originals: Buffer[];
  beforeAll(async () => {
    t = await buildTestApp();
    member = await createMember(t);
    originals = [
      await samples.small(96, 64),
      await samples.png(96, 64),
      await samples.webp(96, 64),
      await samples.avif(96, 64),
      heicSample(),
    ];
  });
  afterAll(() => t.close());

  it('flipped and cut bytes answer 201 or 400 with a photo code', async () => {
    const damage = fc.record({
      original: fc.nat(),
      flips: fc.array(fc.record({ at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }), {
        minLength: 1,
        maxLength: 12,
      }),
      cut: fc.option(fc.nat(), { nil: undefined }),
    });
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(damage, async ({ original, flips, cut }) => {
        const bytes = Buffer.from(originals[original % originals.length]!);
        // Keep the first bytes (the magic number) so the damage reaches the decoders.
        for (const { at, value } of flips) bytes[16 + (at % (bytes.length - 16))] = value;
        const sent = cut === undefined ? bytes : bytes.subarray(0, 16 + (cut % (bytes.length - 16)));
        const res = await postPhoto(t, member.cookie, sent);
        const code = res.json<{ code?: string }>().code;
        seen.add(code ?? String(res.statusCode));
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode === 201) {
          // Keep under the photo limit.
          await t.app.inject({
            method: 'DELETE',
            url: `/api/photos/${res.json<{ _id: string }>()._id}`,
            headers: { cookie: member.cookie },
          });
        } else {
          expect(['photo_unreadable', 'photo_type_unsupported', 'photo_too_many_pixels']).toContain(code);
        }
      }),
      { numRuns: 60 },
    );
    expect(seen.has('photo_unreadable')).toBe(true);
  });
});
