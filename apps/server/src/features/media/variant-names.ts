import type { PhotoVariant } from '../../db/schema.ts';

const EXTENSIONS = { 'image/avif': 'avif', 'image/webp': 'webp' } as const;

/** The file name a variant is served under: its width and format, never its storage key. */
export function variantFileName(variant: Pick<PhotoVariant, 'width' | 'type'>): string {
  return `${variant.width}.${EXTENSIONS[variant.type]}`;
}
