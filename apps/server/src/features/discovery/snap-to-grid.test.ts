import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCATION_GRID_DEGREES } from '@motema/shared/discovery';
import { snapToGrid } from './snap-to-grid.ts';

const latitude = fc.double({ min: -90, max: 90, noNaN: true });
const longitude = fc.double({ min: -180, max: 180, noNaN: true });
const HALF = LOCATION_GRID_DEGREES / 2;

describe('snapToGrid', () => {
  it('answers the centre of the cell holding the position, within half a cell of it', () => {
    fc.assert(
      fc.property(latitude, longitude, (lat, lon) => {
        const cell = snapToGrid(lat, lon);
        expect(Math.abs(cell.latitude - lat)).toBeLessThanOrEqual(HALF + 1e-9);
        const dLon = Math.abs(cell.longitude - lon);
        expect(Math.min(dLon, 360 - dLon)).toBeLessThanOrEqual(HALF + 1e-9);
        expect(cell.latitude).toBeGreaterThan(-90);
        expect(cell.latitude).toBeLessThan(90);
        expect(cell.longitude).toBeGreaterThan(-180);
        expect(cell.longitude).toBeLessThan(180);
      }),
    );
  });

  it('gives every point of a cell the same centre, and a centre snaps to itself', () => {
    fc.assert(
      fc.property(
        latitude,
        longitude,
        fc.double({ min: -0.49, max: 0.49, noNaN: true }),
        fc.double({ min: -0.49, max: 0.49, noNaN: true }),
        (lat, lon, dy, dx) => {
          const cell = snapToGrid(lat, lon);
          const other = snapToGrid(
            cell.latitude + dy * LOCATION_GRID_DEGREES,
            cell.longitude + dx * LOCATION_GRID_DEGREES,
          );
          expect(other).toEqual(cell);
          expect(snapToGrid(cell.latitude, cell.longitude)).toEqual(cell);
        },
      ),
    );
  });

  it('snaps known places to their cell centres', () => {
    expect(snapToGrid(-4.3036, 15.3093)).toEqual({ latitude: -4.305, longitude: 15.305 });
    expect(snapToGrid(5.3599, -4.0083)).toEqual({ latitude: 5.355, longitude: -4.005 });
    expect(snapToGrid(90, 180)).toEqual({ latitude: 89.995, longitude: -179.995 });
    expect(snapToGrid(-90, -180)).toEqual({ latitude: -89.995, longitude: -179.995 });
  });
});
