import { fieldIssue, invalidFields } from '../../lib/app-error.ts';

/**
 * Opaque keyset cursors of pages of posts, comments or requests: the key (created_at, id...) of the
 * last row shown, where the next page starts. Posts, comments and requests store their `createdAt`
 * from the clock in milliseconds (never the database's microseconds), so a cursor names a key exactly.
 */
export type Keyset = { createdAt: Date; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A cursor of a time and one or more ids. */
export function encodeKey(createdAt: Date, ...ids: string[]): string {
  return Buffer.from([createdAt.getTime(), ...ids].join('.')).toString('base64url');
}

/** The time and `idCount` ids behind a cursor; 400 on `cursor` for anything this server did not give out. */
export function decodeKey(cursor: string, idCount: number): { createdAt: Date; ids: string[] } {
  const [ms = '', ...ids] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  const time = Number(ms);
  if (!/^\d{1,15}$/.test(ms) || ids.length !== idCount || !ids.every((id) => UUID.test(id))) {
    throw invalidFields(fieldIssue('cursor', 'invalid_value'));
  }
  return { createdAt: new Date(time), ids };
}

export const encodeCursor = (key: Keyset) => encodeKey(key.createdAt, key.id);

export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (cursor === undefined) return undefined;
  const { createdAt, ids } = decodeKey(cursor, 1);
  return { createdAt, id: ids[0]! };
}

/** A page read as `limit + 1` rows: the rows shown and the cursor of the next page (null at the end). */
export function pageOf<Row>(rows: Row[], limit: number, cursorOf: (row: Row) => string) {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { rows: shown, next: rows.length > limit && last ? cursorOf(last) : null };
}
