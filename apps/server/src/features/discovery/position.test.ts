import { LOCATION_UPDATE_INTERVAL_MS } from '@motema/shared/discovery';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { coordinates, createProfile, sendPosition } from '../../test/discovery-factories.ts';
import { findUser, waitFor, type Member } from '../../test/factories.ts';
import { socketTestBed } from '../../test/socket-test-bed.ts';

describe('users:users:update:coordinates', () => {
  const bed = socketTestBed();
  const { socketOf } = bed;
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });
  afterEach(() => clock.reset());

  const stored = async (member: Member) => {
    const user = await findUser(t.db, member.user.id);
    return { latitude: user!.latitude, longitude: user!.longitude, at: user!.locationUpdatedAt };
  };

  it('stores the centre of the grid cell, never the exact position, and acks', async () => {
    const member = await createProfile(t, { position: null });
    const socket = await socketOf(member);
    expect(await sendPosition(socket, coordinates({ latitude: -4.32168, longitude: 15.31279 }))).toEqual({
      ok: true,
    });
    const first = await stored(member);
    expect(first).toMatchObject({ latitude: -4.325, longitude: 15.315 });
    expect(first.at).toBeInstanceOf(Date);

    clock.advance(LOCATION_UPDATE_INTERVAL_MS);
    // Another point of another cell (Abidjan, Plateau), negative longitude.
    expect(await sendPosition(socket, coordinates({ latitude: 5.32031, longitude: -4.01642 }))).toEqual({
      ok: true,
    });
    expect(await stored(member)).toMatchObject({ latitude: 5.325, longitude: -4.015 });
  });

  it('changes a member position at most once a minute', async () => {
    const member = await createProfile(t, { position: null });
    const socket = await socketOf(member);
    expect(await sendPosition(socket, coordinates({ latitude: 14.6937, longitude: -17.44406 }))).toEqual({
      ok: true,
    });
    const first = await stored(member);

    clock.advance(LOCATION_UPDATE_INTERVAL_MS - 1000);
    // The refusal says how long to wait, as HTTP's Retry-After does.
    expect(await sendPosition(socket, coordinates({ latitude: 6.45407, longitude: 3.39467 }))).toEqual({
      ok: false,
      code: 'rate_limited',
      retryAfter: 1,
    });
    expect(await stored(member)).toEqual(first);

    clock.advance(1000);
    expect(await sendPosition(socket, coordinates({ latitude: 6.45407, longitude: 3.39467 }))).toEqual({
      ok: true,
    });
    expect(await stored(member)).toMatchObject({ latitude: 6.455, longitude: 3.395 });
  });

  it('answers validation_failed to bad payloads and stores nothing', async () => {
    const member = await createProfile(t, { position: null });
    const socket = await socketOf(member);
    const valid = coordinates({ latitude: -1.2921, longitude: 36.8219 });
    const bad: unknown[] = [
      null,
      'here',
      42,
      [valid],
      {},
      { ...valid, latitude: 90.5 },
      { ...valid, latitude: -91 },
      { ...valid, longitude: 180.01 },
      { ...valid, longitude: -200 },
      { ...valid, latitude: '-1.29' },
      { ...valid, longitude: null },
      { ...valid, accuracy: -5 },
      { ...valid, accuracy: undefined },
      { ...valid, speed: 'fast' },
      { latitude: -1.29, longitude: 36.82 },
    ];
    for (const payload of bad) {
      expect(await sendPosition(socket, payload), JSON.stringify(payload)).toEqual({
        ok: false,
        code: 'validation_failed',
      });
    }
    expect(await stored(member)).toEqual({ latitude: null, longitude: null, at: null });
    // An update without an ack callback is stored all the same, and the socket stays usable.
    socket.emit('users:users:update:coordinates', valid);
    await waitFor(async () => ((await stored(member)).latitude === null ? undefined : true), 'the position');
    expect(await stored(member)).toMatchObject({ latitude: -1.295, longitude: 36.825 });
    expect(await sendPosition(socket, valid)).toEqual({
      ok: false,
      code: 'rate_limited',
      retryAfter: LOCATION_UPDATE_INTERVAL_MS / 1000,
    });
  });

  it('changes only the sender position', async () => {
    const [a, b] = [await createProfile(t, { position: null }), await createProfile(t, { position: null })];
    const socket = await socketOf(a);
    await sendPosition(socket, coordinates({ latitude: 0.3476, longitude: 32.5825 }));
    expect(await stored(b)).toEqual({ latitude: null, longitude: null, at: null });
    expect(await stored(a)).toMatchObject({ latitude: 0.345, longitude: 32.585 });
  });
});
