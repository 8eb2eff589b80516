import type { FastifyInstance } from 'fastify';
import { fieldIssue, invalidFields } from '../lib/app-error.ts';

const NUL = '\u0000';
const MAX_DEPTH = 32;

/** The path of the first string holding a NUL character in `value` (`[]` for the value itself), or null. */
export function nulPath(value: unknown, depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? [] : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return [key.replaceAll(NUL, '')];
    const inner = nulPath(item, depth + 1);
    if (inner) return [key, ...inner];
  }
  return null;
}

/**
 * PostgreSQL's text cannot hold a NUL character: a request carrying one anywhere (body, query string,
 * path) would only fail later, inside a query, as a 500. It is refused before validation instead, as
 * `validation_failed` naming the field, and nothing is read or written.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [prefix, part] of [
      ['', request.body],
      ['querystring', request.query],
      ['params', request.params],
    ] as const) {
      const path = nulPath(part);
      if (path) throw invalidFields(fieldIssue([prefix, ...path].filter(Boolean).join('.'), 'invalid_value'));
    }
  });
}
