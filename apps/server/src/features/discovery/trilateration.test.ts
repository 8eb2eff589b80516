import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DISTANCE_BUCKETS_KM,
  DISTANCE_FAR,
  LOCATION_GRID_DEGREES,
  LOCATION_UPDATE_INTERVAL_MS,
} from '@motema/shared/discovery';
import { users } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import {
  coordinates,
  createProfile,
  KINSHASA,
  listFor,
  moved,
  sendPosition,
  type Position,
} from '../../test/discovery-factories.ts';
import { asMember, findUser, type Member } from '../../test/factories.ts';
import { socketTestBed, type ClientSocket } from '../../test/socket-test-bed.ts';
import { snapToGrid } from './snap-to-grid.ts';

/** Great-circle distance in km (for the test's own bookkeeping only). */
function km(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) *
      Math.cos(b.latitude * rad) *
      Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * QUALITY Z4: an attacker who spoofs its position anywhere around a target and asks every question
 * the app answers (profile distance, near list, lists filtered by a preferred distance from 1 km up)
 * learns nothing finer than the target's grid cell: two targets at different exact points of one cell
 * give identical answers at every attacker position.
 */
describe('trilateration with spoofed positions', () => {
  const bed = socketTestBed();
  const { socketOf } = bed;
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });
  afterEach(() => clock.reset());

  async function placeAt(member: Member, socket: ClientSocket, at: Position) {
    clock.advance(LOCATION_UPDATE_INTERVAL_MS);
    expect(await sendPosition(socket, coordinates(at, 3))).toEqual({ ok: true });
    void member;
  }

  it('cannot tell apart two targets in one cell, nor place one closer than the cell', async () => {
    const cell = snapToGrid(KINSHASA.latitude, KINSHASA.longitude);
    const corner = LOCATION_GRID_DEGREES * 0.45;
    // Opposite corners of the cell: about 1.4 km apart.
    const exact = [
      { latitude: cell.latitude - corner, longitude: cell.longitude - corner },
      { latitude: cell.latitude + corner, longitude: cell.longitude + corner },
    ];
    expect(km(exact[0]!, exact[1]!)).toBeGreaterThan(1.2);
    const targets = [await createProfile(t, { position: null }), await createProfile(t, { position: null })];
    for (const [i, target] of targets.entries()) {
      await placeAt(target, await socketOf(target), exact[i]!);
      expect(await findUser(t.db, target.user.id)).toMatchObject(cell);
    }

    const attacker = await createProfile(t, { position: null, matchDistance: 500 });
    const attackerSocket = await socketOf(attacker);
    const spots: Position[] = [exact[0]!, exact[1]!, cell];
    for (const radius of [0.15, 0.4, 0.7, 1, 1.5, 2.5, 4, 7, 12, 30]) {
      for (const angle of [0, 60, 135, 200, 290]) {
        const a = (angle * Math.PI) / 180;
        spots.push(moved(exact[0]!, radius * Math.cos(a), radius * Math.sin(a)));
      }
    }

    const observed: number[] = [];
    let closest = { bucket: Infinity, farthestKm: 0 };
    for (const spot of spots) {
      await placeAt(attacker, attackerSocket, spot);
      const answers: string[][] = [[], []];
      // The profile page's distance bucket.
      for (const [i, target] of targets.entries()) {
        const profile = (await asMember(t, attacker.cookie)('GET', `/api/users/${target.user.id}`)).json();
        answers[i]!.push(`profile:${profile.distance}`);
        observed.push(profile.distance);
        if (profile.distance <= closest.bucket) {
          const farthest = Math.max(...exact.map((point) => km(point, spot)));
          closest =
            profile.distance < closest.bucket
              ? { bucket: profile.distance, farthestKm: farthest }
              : { bucket: closest.bucket, farthestKm: Math.max(closest.farthestKm, farthest) };
        }
      }
      // The near list: who is in it and at which bucket (the two targets tie, ordered by id).
      const near = await listFor(t, attacker, 'near');
      for (const [i, target] of targets.entries()) {
        const card = near.users.find((user) => user._id === target.user.id);
        answers[i]!.push(`near:${card ? card.distance : 'absent'}`);
      }
      // Lists filtered by a preferred distance, probed from 1 km up.
      for (const distance of [1, 2, 3, 5]) {
        await t.db.update(users).set({ matchDistance: distance }).where(eq(users.id, attacker.user.id));
        const listed = await listFor(t, attacker, 'users');
        for (const [i, target] of targets.entries()) {
          answers[i]!.push(`within ${distance}:${listed.users.some((user) => user._id === target.user.id)}`);
        }
      }
      await t.db.update(users).set({ matchDistance: 500 }).where(eq(users.id, attacker.user.id));
      expect(answers[0], `attacker at ${JSON.stringify(spot)}`).toEqual(answers[1]);
    }

    // Only buckets ever leave the server, and the finest is "less than 1 km"...
    const allowed: number[] = [...DISTANCE_BUCKETS_KM, DISTANCE_FAR];
    expect(observed.every((bucket) => allowed.includes(bucket))).toBe(true);
    expect(Math.min(...observed)).toBe(1);
    // ...which the attacker also gets from positions more than a cell away from the target.
    expect(closest.bucket).toBe(1);
    expect(closest.farthestKm).toBeGreaterThan(1.1);
  });
});
