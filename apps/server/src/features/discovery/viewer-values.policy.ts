import { randomUUID } from 'node:crypto';
import { boundingBox, positionOf, type Viewer } from './discovery.policy.ts';

/**
 * The viewer as statement templates see it (db/statement-templates.ts): the values this policy's
 * conditions (`wantedBy`, `withinKm`, `listedFor`, ...) put in a statement's parameters, what of the
 * viewer decides the statement's text, and a viewer of the same shape with every value moved. Every
 * statement built for a viewer takes these: discovery's lists and the posts feed each add the values of
 * their own page.
 */

/** Every value a statement's parameters take from the viewer, by name. */
export function viewerValues(viewer: Viewer): Map<string, unknown> {
  const values = new Map<string, unknown>([
    ['id', viewer.id],
    ['bornOnOrBefore', viewer.bornOnOrBefore],
    ['bornAfter', viewer.bornAfter],
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

/** What of the viewer decides a statement's text: which values exist, not what they are. */
export function viewerShape(viewer: Viewer): string {
  // The sexes themselves (not only how many): they are constants of the template.
  const at = positionOf(viewer);
  const box = at && boundingBox(at, viewer.matchDistanceKm * 1000);
  return [
    viewer.matchSex.join(','),
    at ? (box!.longitude ? 'box' : 'band') : 'nowhere',
    viewer.verifiedOnly ? 'verified' : 'anyone',
  ].join('|');
}

/** A viewer of the same shape with every value moved (a probe's); throws on a date it cannot move. */
export function viewerProbe(viewer: Viewer, step: number): Viewer {
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
  return probe;
}
