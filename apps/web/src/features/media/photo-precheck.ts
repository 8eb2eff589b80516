import { PHOTO_ACCEPTED_TYPES, PHOTO_MAX_BYTES } from '@motema/shared/media';
import type { ErrorCode } from '@motema/shared/errors';

/** What the file picker offers: the accepted formats (the server still checks the bytes). */
export const PHOTO_PICKER_ACCEPT = PHOTO_ACCEPTED_TYPES.join(',');

/**
 * A quick check in the browser, so nobody spends data sending a file the server will refuse: the
 * declared type and the size. The server stays the authority (it reads the bytes). A file without a
 * declared type (some phones give none for HEIC) is left to the server.
 */
export function photoPrecheck(file: Pick<File, 'type' | 'size'>): ErrorCode | null {
  if (file.size === 0) return 'photo_unreadable';
  if (file.type && !(PHOTO_ACCEPTED_TYPES as readonly string[]).includes(file.type.toLowerCase()))
    return 'photo_type_unsupported';
  if (file.size > PHOTO_MAX_BYTES) return 'photo_too_large';
  return null;
}
