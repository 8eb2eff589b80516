import { z } from 'zod';

/** Uploads (QUALITY U1): bytes and pixels are capped before any decoding work. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** About 50 megapixels: larger images (decompression bombs among them) are refused from their header. */
export const PHOTO_MAX_PIXELS = 50_000_000;
export const PHOTOS_PER_MEMBER_MAX = 12;
/**
 * Widths of the served variants; the smallest is the avatar thumbnail (at most 15 KB, bar B6). 720
 * is what a 360 px slot needs on a phone of device pixel ratio 2 (bar B6: not the 1080 px file);
 * photos stored before it was added have no 720 variant, and their `srcset` simply lacks it.
 */
export const PHOTO_WIDTHS = [160, 480, 720, 1080] as const;
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

/**
 * A member's avatar where a screen shows only the round thumbnail (lists, cards, the match screen):
 * the 160 px WebP and the blurred placeholder drawn under it while it loads, nothing else (bar B6: a
 * whole Image, with its `srcset` sources, is four times this).
 */
export const AvatarSchema = z.object({
  /** The 160 px WebP variant. */
  thumbnail: z.string(),
  /** A data: URI of a few hundred bytes. */
  placeholder: z.string(),
});
export type Avatar = z.infer<typeof AvatarSchema>;

/** The avatar of a message's sender and of a conversation's member: a small round thumbnail only. */
export const AvatarThumbnailSchema = AvatarSchema.pick({ thumbnail: true });
export type AvatarThumbnail = z.infer<typeof AvatarThumbnailSchema>;

/** The slim avatar of a stored photo (a new object: none of the Image's other fields leak). */
export function avatarOf(image: Avatar): Avatar {
  return { thumbnail: image.thumbnail, placeholder: image.placeholder };
}

/** The thumbnail-only avatar of a stored photo. */
export function avatarThumbnailOf(image: AvatarThumbnail): AvatarThumbnail {
  return { thumbnail: image.thumbnail };
}

export const PhotoListSchema = z.object({ photos: z.array(ImageSchema), count: z.int() });
export type PhotoList = z.infer<typeof PhotoListSchema>;

/** PUT /api/users/avatar: one of the member's own photos, or null to remove the avatar. */
export const AvatarUpdateSchema = z.object({ photo: z.uuid({ error: 'invalid_value' }).nullable() });
export type AvatarUpdate = z.infer<typeof AvatarUpdateSchema>;
