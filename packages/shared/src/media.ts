import { z } from 'zod';

/** Uploads (QUALITY U1): bytes and pixels are capped before any decoding work. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** About 50 megapixels: larger images (decompression bombs among them) are refused from their header. */
export const PHOTO_MAX_PIXELS = 50_000_000;
export const PHOTOS_PER_MEMBER_MAX = 12;
/** Widths of the served variants; the smallest is the avatar thumbnail (at most 15 KB, bar B6). */
export const PHOTO_WIDTHS = [160, 480, 1080] as const;
export const AVATAR_THUMBNAIL_MAX_BYTES = 15 * 1024;
/**
 * The formats the server accepts, found from the file's bytes (never from its name or declared type).
 * HEIC is left out: the server's image library cannot decode HEVC, and a picker that does not offer
 * HEIC makes iPhones send a JPEG instead.
 */
export const PHOTO_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

export const ImageSourceSchema = z.object({
  url: z.string(),
  width: z.int(),
  type: z.enum(['image/avif', 'image/webp']),
});
export type ImageSource = z.infer<typeof ImageSourceSchema>;

/** A stored photo as every screen shows it: `srcset` sources, a tiny blurred placeholder and a thumbnail. */
export const ImageSchema = z.object({
  _id: z.string(),
  width: z.int(),
  height: z.int(),
  /** A data: URI of a few hundred bytes, shown blurred while the real image loads. */
  placeholder: z.string(),
  /** The smallest WebP variant, for avatars in lists. */
  thumbnail: z.string(),
  sources: z.array(ImageSourceSchema),
  createdAt: z.string(),
});
export type Image = z.infer<typeof ImageSchema>;

export const PhotoListSchema = z.object({ photos: z.array(ImageSchema), count: z.int() });
export type PhotoList = z.infer<typeof PhotoListSchema>;

/** PUT /api/users/avatar: one of the member's own photos, or null to remove the avatar. */
export const AvatarUpdateSchema = z.object({ photo: z.uuid({ error: 'invalid_value' }).nullable() });
export type AvatarUpdate = z.infer<typeof AvatarUpdateSchema>;
