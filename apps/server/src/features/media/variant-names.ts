import type { PhotoVariant } from '../../db/schema.ts';
import type { ProcessedPhoto } from './photo-pipeline.ts';

const EXTENSIONS = { 'image/avif': 'avif', 'image/webp': 'webp' } as const;

/** The file name a variant is served under: its width and format, never its storage key. */
export function variantFileName(variant: Pick<PhotoVariant, 'width' | 'type'>): string {
  return `${variant.width}.${EXTENSIONS[variant.type]}`;
}

/** Where each encoded variant is stored: under `folder`, named by width and format. */
export function storedVariants(processed: ProcessedPhoto, folder: string): PhotoVariant[] {
  return processed.variants.map((variant) => ({
    width: variant.width,
    height: variant.height,
    type: variant.type,
    key: `${folder}${variantFileName(variant)}`,
    bytes: variant.body.length,
  }));
}
