import type { Visitor } from '@motema/shared/devices';
import type { VisitorRow } from '../../db/schema.ts';

/** A visit as the API answers it. */
export function presentVisitor(row: VisitorRow): Visitor {
  return {
    _id: row.id,
    language: row.language,
    referrer: row.referrer,
    platform: row.platform,
    createdAt: row.createdAt.toISOString(),
  };
}
