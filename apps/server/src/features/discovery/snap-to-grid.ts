import { LOCATION_GRID_DEGREES } from '@motema/shared/discovery';

const CELLS_PER_DEGREE = Math.round(1 / LOCATION_GRID_DEGREES);
const LATITUDE_CELLS = 180 * CELLS_PER_DEGREE;
const LONGITUDE_CELLS = 360 * CELLS_PER_DEGREE;

/** The cell index of a coordinate from `-limit` to `limit` degrees, counting from `-limit`. */
function cellOf(degrees: number, limit: number, cells: number): number {
  const index = Math.floor((degrees + limit) * CELLS_PER_DEGREE);
  return Math.min(Math.max(index, 0), cells - 1);
}

const centreOf = (index: number, limit: number) =>
  Math.round(((index + 0.5) / CELLS_PER_DEGREE - limit) * 1e6) / 1e6;

/**
 * The centre of the grid cell (LOCATION_GRID_DEGREES, about 1.1 km) holding a position: the only
 * position ever stored (QUALITY Z4). Every point of a cell gives the same centre; the poles and the
 * 180th meridian fall in the last cell (180° east is 180° west).
 */
export function snapToGrid(latitude: number, longitude: number): { latitude: number; longitude: number } {
  const east = longitude >= 180 ? longitude - 360 : longitude;
  return {
    latitude: centreOf(cellOf(latitude, 90, LATITUDE_CELLS), 90),
    longitude: centreOf(cellOf(east, 180, LONGITUDE_CELLS), 180),
  };
}
