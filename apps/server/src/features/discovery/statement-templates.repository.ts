import { randomUUID } from 'node:crypto';
import type { Built } from '../../db/array-rows.ts';
import { boundingBox, positionOf, type Viewer } from './discovery.policy.ts';

/**
 * SQL text built once per shape of a list query instead of on every request (QUALITY B1). Drizzle
 * building the default list's page and count cost about half a millisecond a request, walking the
 * same tree of conditions into the same text each time: only the parameters change with the viewer.
 *
 * A template is learned from Drizzle itself, never written by hand: the query is built for the
 * viewer, then for two probes of the same shape (the same lists, sexes wanted and kind of position,
 * every value different: id, birth dates, position, distance, page), and each parameter is matched to
 * the named value (`namedValues`) it equals in all three builds, or kept as a constant when it is the
 * same in all three. When the texts differ, or a parameter is neither (a value the names do not
 * cover), the shape is marked as not templated and its queries keep being built by Drizzle. Statements
 * stay unnamed, as Drizzle's are: PostgreSQL plans each with its parameters (a generic plan of the
 * list would read every active member).
 */

type Slot = { name: string } | { constant: unknown };
type Template = { sql: string; slots: Slot[] } | null;
/** Templates by list and shape; null for a shape whose statements Drizzle keeps building. */
export type Templates = Map<string, Template>;

export type PageInput = { viewer: Viewer; skip: number; limit: number };

/** Every value a list query's parameters take from its viewer and page, by name. */
export function namedValues({ viewer, skip, limit }: PageInput): Map<string, unknown> {
  const values = new Map<string, unknown>([
    ['id', viewer.id],
    ['bornOnOrBefore', viewer.bornOnOrBefore],
    ['bornAfter', viewer.bornAfter],
    ['skip', skip],
    ['limit', limit],
  ]);
  const at = positionOf(viewer);
  if (at) {
    const metres = viewer.matchDistanceKm * 1000;
    const box = boundingBox(at, metres);
    values.set('latitude', at.latitude).set('longitude', at.longitude).set('metres', metres);
    values.set('latitudeMin', box.latitude.min).set('latitudeMax', box.latitude.max);
    if (box.longitude) values.set('longitudeMin', box.longitude.min).set('longitudeMax', box.longitude.max);
  }
  return values;
}

/** What decides the text of a list query besides the list itself: which values exist, not what they are. */
function shapeOf({ viewer, skip }: PageInput): string {
  // The sexes themselves (not only how many): they are constants of the template.
  const at = positionOf(viewer);
  const box = at && boundingBox(at, viewer.matchDistanceKm * 1000);
  return [
    viewer.matchSex.join(','),
    at ? (box!.longitude ? 'box' : 'band') : 'nowhere',
    skip > 0,
    viewer.verifiedOnly ? 'verified' : 'anyone',
  ].join('|');
}

/** A viewer and page of the same shape with every value moved (a probe). */
function probeOf({ viewer, skip, limit }: PageInput, step: number): PageInput {
  // Each value moved by its own amount: two values equal for this viewer differ in the probes.
  const shift = (date: string, days: number) =>
    new Date(Date.parse(date) - step * days * 86_400_000).toISOString().slice(0, 10);
  // Every field named (no spread): a field added to Viewer must be moved here too, or a value of the
  // viewer's would pass for a constant of the text.
  const probe: Required<Viewer> = {
    id: randomUUID(),
    // The sexes wanted are part of the shape: the same in the probes, constants of the template.
    matchSex: viewer.matchSex,
    bornOnOrBefore: shift(viewer.bornOnOrBefore, 37),
    bornAfter: shift(viewer.bornAfter, 41),
    matchDistanceKm: viewer.matchDistanceKm + step * 0.37,
    latitude: viewer.latitude === null ? null : viewer.latitude + step * 0.0123,
    longitude: viewer.longitude === null ? null : viewer.longitude + step * 0.0177,
    // "Verified members only" is part of the shape: a condition of the text, not a value.
    verifiedOnly: viewer.verifiedOnly,
  };
  return { viewer: probe, skip: skip > 0 ? skip + step * 7 : 0, limit: limit + step * 3 };
}

function learn(build: (input: PageInput) => Built | null, input: PageInput): Template {
  let probes: PageInput[];
  try {
    probes = [probeOf(input, 1), probeOf(input, 2)];
  } catch {
    // A value a probe cannot move (a date out of range): this shape stays Drizzle's.
    return null;
  }
  const builds = [input, ...probes].map((each) => ({
    built: build(each),
    values: namedValues(each),
  }));
  const [first] = builds;
  if (!first!.built || builds.some(({ built }) => built?.sql !== first!.built!.sql)) return null;
  const slots: Slot[] = [];
  for (let i = 0; i < first!.built.params.length; i++) {
    const at = builds.map(({ built, values }) => ({ param: built!.params[i], values }));
    const names = [...first!.values.keys()].filter((key) =>
      at.every(({ param, values }) => values.get(key) === param),
    );
    // Two names that match in every build: which one the parameter is cannot be told.
    if (names.length > 1) return null;
    if (names.length === 1) slots.push({ name: names[0]! });
    else if (at.every(({ param }) => param === at[0]!.param)) slots.push({ constant: at[0]!.param });
    else return null;
  }
  return { sql: first!.built.sql, slots };
}

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
  const shape = `${key}|${shapeOf(input)}`;
  let template = templates.get(shape);
  if (template === undefined) {
    template = learn(build, input);
    templates.set(shape, template);
  }
  if (!template) return build(input);
  const values = namedValues(input);
  return {
    sql: template.sql,
    params: template.slots.map((slot) => ('name' in slot ? values.get(slot.name) : slot.constant)),
  };
}
