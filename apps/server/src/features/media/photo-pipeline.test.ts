import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePhoto, fitVariant, inspectPhoto } from './photo-pipeline.ts';

/** A 300x200 JPEG in four coloured quadrants (red, green / blue, white), with an EXIF orientation. */
async function quadrants(orientation: number): Promise<Buffer> {
  const square = (r: number, g: number, b: number) =>
    sharp({ create: { width: 150, height: 100, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 300, height: 200, channels: 3, background: 'black' } })
    .composite([
      { input: await square(255, 0, 0), left: 0, top: 0 },
      { input: await square(0, 255, 0), left: 150, top: 0 },
      { input: await square(0, 0, 255), left: 0, top: 100 },
      { input: await square(255, 255, 255), left: 150, top: 100 },
    ])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation })
    .toBuffer();
}

/** The colour at the centre of each quadrant, as names, reading left to right, top to bottom. */
async function quadrantColours(image: Buffer): Promise<string[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const name = (x: number, y: number) => {
    const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    const [r, g, b] = [data[at]! > 128, data[at + 1]! > 128, data[at + 2]! > 128];
    return r && g && b ? 'white' : r ? 'red' : g ? 'green' : b ? 'blue' : 'black';
  };
  const [w, h] = [info.width, info.height];
  return [
    name(w / 4, h / 4),
    name((3 * w) / 4, h / 4),
    name(w / 4, (3 * h) / 4),
    name((3 * w) / 4, (3 * h) / 4),
  ];
}

describe('encodePhoto', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('applies EXIF orientation %i as sharp does', async (orientation) => {
    const input = await quadrants(orientation);
    const upright = await sharp(input).autoOrient().png().toBuffer();
    const photo = await encodePhoto(input, (await inspectPhoto(input)).mime);
    const expected = await sharp(upright).metadata();
    expect([photo.width, photo.height]).toEqual([expected.width, expected.height]);
    const served = photo.variants.filter((variant) => variant.width === photo.width);
    expect(served).toHaveLength(2);
    for (const variant of served) {
      expect(await quadrantColours(variant.body)).toEqual(await quadrantColours(upright));
    }
  });
});

describe('fitVariant', () => {
  it.each([
    [4000, 3000, 1080, { width: 1080, height: 810 }],
    [3000, 4000, 480, { width: 480, height: 640 }],
    [300, 200, 1080, { width: 300, height: 200 }],
    [1000, 5000, 1080, { width: 432, height: 2160 }],
    [20000, 10, 160, { width: 160, height: 1 }],
  ])('fits %ix%i in %i px wide (twice as tall at most, never enlarged)', (width, height, max, expected) => {
    expect(fitVariant(width, height, max)).toEqual(expected);
  });
});
