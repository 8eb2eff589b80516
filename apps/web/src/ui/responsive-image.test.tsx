import { act, render, screen } from '@testing-library/react';
import { PHOTO_WIDTHS, type Image } from '@motema/shared/media';
import { afterEach, describe, expect, it } from 'vitest';
import { setDataSaver } from '../lib/data-saver.ts';
import { dataSaverMaxWidth, ResponsiveImage } from './responsive-image.tsx';

const WIDTHS = [160, 480, 1080];
const image: Image = {
  _id: 'img1',
  width: 1080,
  height: 1080,
  placeholder: 'data:image/webp;base64,AAAA',
  thumbnail: '/photos/img1/160.webp',
  // In no particular order: the srcset comes out narrowest first.
  sources: [...WIDTHS].reverse().flatMap((width) => [
    { url: `/photos/img1/${width}.avif`, width, type: 'image/avif' as const },
    { url: `/photos/img1/${width}.webp`, width, type: 'image/webp' as const },
  ]),
  createdAt: '2026-11-21T10:00:00.000Z',
};
const list = (format: string, widths: number[]) =>
  widths.map((width) => `/photos/img1/${width}.${format} ${width}w`).join(', ');

function shown(sizes: string, held = false) {
  const { container } = render(<ResponsiveImage image={image} alt="Amani" sizes={sizes} held={held} />);
  return { img: screen.getByAltText('Amani'), source: container.querySelector('source') };
}

afterEach(() => localStorage.clear());

describe('ResponsiveImage', () => {
  it('offers every width without data saver', () => {
    const { img, source } = shown('100vw');
    expect(img.getAttribute('srcset')).toBe(list('webp', [160, 480, 1080]));
    expect(source?.getAttribute('srcset')).toBe(list('avif', [160, 480, 1080]));
    expect(source?.getAttribute('type')).toBe('image/avif');
    expect(img.getAttribute('src')).toBe('/photos/img1/160.webp');
  });

  it('with data saver, stops at 480 px, and at the thumbnail for small fixed slots', () => {
    setDataSaver(true);
    const large = shown('(min-width: 48em) 400px, 100vw');
    expect(large.img.getAttribute('srcset')).toBe(list('webp', [160, 480]));
    expect(large.source?.getAttribute('srcset')).toBe(list('avif', [160, 480]));
    large.img.remove();
    const small = shown('130px');
    expect(small.img.getAttribute('srcset')).toBe(list('webp', [160]));
    expect(small.source?.getAttribute('srcset')).toBe(list('avif', [160]));
  });

  it('follows the switch while shown', () => {
    const { img } = shown('260px');
    expect(img.getAttribute('srcset')).toBe(list('webp', [160, 480, 1080]));
    act(() => setDataSaver(true));
    expect(img.getAttribute('srcset')).toBe(list('webp', [160, 480]));
  });

  it('held, shows only the placeholder with "Tap to load": no file to download', () => {
    setDataSaver(true);
    const { img, source } = shown('100vw', true);
    expect(img.getAttribute('src')).toBe(image.placeholder);
    expect(img.getAttribute('srcset')).toBeNull();
    expect(source).toBeNull();
    expect(screen.getByText('Tap to load')).toBeTruthy();
  });

  it('offers the middle size of a photo encoded now: a 360 px slot at DPR 2 gets 720 px, not 1080', () => {
    const encodedNow: Image = {
      ...image,
      sources: PHOTO_WIDTHS.flatMap((width) => [
        { url: `/photos/img1/${width}.avif`, width, type: 'image/avif' as const },
        { url: `/photos/img1/${width}.webp`, width, type: 'image/webp' as const },
      ]),
    };
    render(<ResponsiveImage image={encodedNow} alt="Amani" sizes="(min-width: 30em) 420px, 100vw" />);
    const srcset = screen.getByAltText('Amani').getAttribute('srcset')!;
    expect(srcset).toBe(list('webp', [160, 480, 720, 1080]));
    // What a browser does with `srcset` and `sizes`: the narrowest file at least slot x DPR wide.
    const widths = srcset.split(', ').map((candidate) => Number(/ (\d+)w$/.exec(candidate)![1]));
    expect(widths.find((width) => width >= 360 * 2)).toBe(720);
  });

  it('picks the widest file data saver allows from the sizes', () => {
    expect(dataSaverMaxWidth('130px')).toBe(160);
    expect(dataSaverMaxWidth('(min-width: 30em) 120px, 160px')).toBe(160);
    expect(dataSaverMaxWidth('260px')).toBe(480);
    expect(dataSaverMaxWidth('100vw')).toBe(480);
    expect(dataSaverMaxWidth('(min-width: 30em) 120px, 50vw')).toBe(480);
  });
});
