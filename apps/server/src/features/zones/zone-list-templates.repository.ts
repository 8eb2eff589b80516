import { randomUUID } from 'node:crypto';
import type { TemplateInputs } from '../../db/statement-templates.ts';
import type { ZonePage } from './zones.repository.ts';

/**
 * A zone list's page and count as statement templates see them (db/statement-templates.ts, QUALITY
 * B10): Drizzle building the two statements was a sixth of the server's busy time serving
 * suggestions at saturation, where the statements themselves take about a millisecond. The input is
 * the viewer's id, the page, and what the list filters on: the suggestions' language, the search's
 * LIKE pattern.
 */
export type ZoneListInput = { viewerId: string; query: ZonePage; language?: string; pattern?: string };

export const zoneListInputs: TemplateInputs<ZoneListInput> = {
  namedValues: ({ viewerId, query, language, pattern }) => {
    const values = new Map<string, unknown>([
      ['viewerId', viewerId],
      ['skip', query.skip],
      ['limit', query.limit],
    ]);
    if (language !== undefined) values.set('language', language);
    if (pattern !== undefined) values.set('pattern', pattern);
    return values;
  },
  // The order is text; a first page is kept apart in case an offset of 0 is written differently.
  shapeOf: ({ query, language, pattern }) =>
    [query.sort, language === undefined, pattern === undefined, query.skip === 0].join('|'),
  probeOf: ({ query, language, pattern }, step) => ({
    viewerId: randomUUID(),
    query: { ...query, skip: query.skip === 0 ? 0 : query.skip + step * 7, limit: query.limit + step * 3 },
    language: language === undefined ? undefined : `${language}${step}`,
    pattern: pattern === undefined ? undefined : `${pattern}~${step}`,
  }),
};
