import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { avatarOf } from '@motema/shared/media';
import type { PhotoRow, PhotoVariant } from '../../db/schema.ts';
import { presentAvatar, presentImage } from './media.presenter.ts';

const variant: fc.Arbitrary<PhotoVariant> = fc.record({
  width: fc.constantFrom(160, 480, 720, 1080),
  height: fc.constantFrom(200, 600, 1350),
  type: fc.constantFrom('image/avif' as const, 'image/webp' as const),
  key: fc.string({ maxLength: 4 }),
  bytes: fc.nat(),
});

const row = (variants: PhotoVariant[]): PhotoRow => ({
  id: '6f1c2a8e-3d4b-4c5d-8e9f-0a1b2c3d4e5f',
  ownerId: '00000000-0000-4000-8000-000000000001',
  width: 1080,
  height: 1350,
  placeholder: 'data:image/webp;base64,UklG',
  variants,
  createdAt: new Date('2026-11-01T10:00:00Z'),
});

describe('presentAvatar', () => {
  it('is the slim avatar of the whole Image, whatever the variants and their order', () => {
    fc.assert(
      fc.property(fc.array(variant, { maxLength: 8 }), (variants) => {
        // Equal widths and types in any order: the same variant as presentImage's, or the key would differ.
        const photo = row(variants);
        expect(presentAvatar(photo)).toEqual(avatarOf(presentImage(photo)));
      }),
      { numRuns: 2000 },
    );
  });

  it('takes the smallest WebP even when a smaller AVIF exists, and an AVIF when no WebP does', () => {
    const avif = { height: 1, key: 'a', bytes: 1, type: 'image/avif' as const };
    const webp = { ...avif, type: 'image/webp' as const };
    const url = (file: string) => `/api/media/${row([]).id}/${file}`;
    expect(
      presentAvatar(
        row([
          { ...avif, width: 160 },
          { ...webp, width: 480 },
        ]),
      ).thumbnail,
    ).toBe(url('480.webp'));
    expect(
      presentAvatar(
        row([
          { ...avif, width: 480 },
          { ...avif, width: 160 },
        ]),
      ).thumbnail,
    ).toBe(url('160.avif'));
    expect(presentAvatar(row([])).thumbnail).toBe('');
  });
});
