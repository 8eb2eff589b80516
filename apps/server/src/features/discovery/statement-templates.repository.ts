import type { Built } from '../../db/array-rows.ts';
import { templatedStatement, type TemplateInputs, type Templates } from '../../db/statement-templates.ts';
import { viewerProbe, viewerShape, viewerValues } from './viewer-values.policy.ts';
import type { Viewer } from './discovery.policy.ts';

/**
 * The member lists' statements (page and count) from templates learned once per shape
 * (db/statement-templates.ts, QUALITY B1): Drizzle building the default list's page and count cost
 * about half a millisecond a request. A list's input is its viewer and page; the probes move every
 * value (id, birth dates, position, distance, page) and keep the shape (the same lists, sexes wanted,
 * kind of position, first page or not).
 */

export type PageInput = { viewer: Viewer; skip: number; limit: number };

const listPages: TemplateInputs<PageInput> = {
  namedValues: ({ viewer, skip, limit }) => viewerValues(viewer).set('skip', skip).set('limit', limit),
  shapeOf: ({ viewer, skip }) => `${viewerShape(viewer)}|${skip > 0}`,
  probeOf: ({ viewer, skip, limit }, step) => ({
    viewer: viewerProbe(viewer, step),
    skip: skip > 0 ? skip + step * 7 : 0,
    limit: limit + step * 3,
  }),
};

/**
 * A list query's text and parameters for this viewer and page: from the shape's template once one is
 * learned, else from `build` (Drizzle). `key` names the list (its filter, sort...), which the
 * template's shape does not include.
 */
export function templatedQuery(
  templates: Templates,
  key: string,
  build: (input: PageInput) => Built | null,
  input: PageInput,
): Built | null {
  return templatedStatement(listPages, templates, key, build, input);
}
