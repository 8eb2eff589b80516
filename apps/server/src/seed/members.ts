import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { hashPassword } from '../features/auth/passwords.ts';

/** Every seeded member logs in with this password (by username `<prefix><n>` or e-mail `<prefix><n>@seed.example`). */
export const SEED_PASSWORD = 'motema-seed';

/** Cities members cluster around: centre, spread (km, about one standard deviation) and weight. */
export const AFRICAN_CITIES = [
  { name: 'Kinshasa', latitude: -4.325, longitude: 15.322, spreadKm: 12, weight: 17 },
  { name: 'Lubumbashi', latitude: -11.664, longitude: 27.479, spreadKm: 8, weight: 6 },
  { name: 'Douala', latitude: 4.051, longitude: 9.768, spreadKm: 9, weight: 7 },
  { name: 'Yaoundé', latitude: 3.848, longitude: 11.502, spreadKm: 9, weight: 7 },
  { name: 'Abidjan', latitude: 5.36, longitude: -4.008, spreadKm: 11, weight: 10 },
  { name: 'Dakar', latitude: 14.716, longitude: -17.467, spreadKm: 8, weight: 7 },
  { name: 'Lagos', latitude: 6.524, longitude: 3.379, spreadKm: 15, weight: 14 },
  { name: 'Nairobi', latitude: -1.292, longitude: 36.822, spreadKm: 10, weight: 9 },
  { name: 'Brazzaville', latitude: -4.263, longitude: 15.242, spreadKm: 6, weight: 4 },
  { name: 'Accra', latitude: 5.604, longitude: -0.187, spreadKm: 9, weight: 6 },
  { name: 'Kampala', latitude: 0.347, longitude: 32.582, spreadKm: 8, weight: 5 },
  { name: 'Goma', latitude: -1.679, longitude: 29.222, spreadKm: 5, weight: 2 },
  { name: 'Bamako', latitude: 12.639, longitude: -8.003, spreadKm: 8, weight: 4 },
  { name: 'Cotonou', latitude: 6.366, longitude: 2.418, spreadKm: 6, weight: 2 },
] as const;

export type SeedOptions = {
  /** How many members to add. */
  count: number;
  /** Makes usernames and e-mails unique across several calls on one database. */
  prefix: string;
  /** Share of members with a position (snapped to the 0.01° grid), the rest have none. */
  positioned?: number;
};

/**
 * Adds `count` members in one INSERT ... SELECT over generate_series (a million in a few minutes):
 * clustered around AFRICAN_CITIES with a roughly normal spread, positions snapped to the grid's cell
 * centres like the app stores them, 96% active (2% pending, 2% deactivated), 1% without a first name,
 * sexes 48/47/5% female/male/non-binary, ages 18 to 60, activity over 60 days, 5% connected, random
 * popularity. All share one argon2id hash of SEED_PASSWORD, so any of them can log in.
 */
export async function seedMembers(db: DbOrTx, options: SeedOptions): Promise<void> {
  const passwordHash = await hashPassword(SEED_PASSWORD);
  const cityRows = AFRICAN_CITIES.flatMap((city, index) =>
    Array.from(
      { length: city.weight },
      () => `(${index}, ${city.latitude}, ${city.longitude}, ${city.spreadKm})`,
    ),
  );
  const positioned = options.positioned ?? 0.9;
  await db.execute(sql`
    WITH city AS (
      SELECT row_number() OVER () - 1 AS slot, lat, lon, spread
      FROM (VALUES ${sql.raw(cityRows.join(', '))}) AS c(i, lat, lon, spread)
    ),
    raw AS (
      SELECT g,
        random() AS r_status, random() AS r_sex, random() AS r_pos, random() AS r_name,
        (random() + random() + random() + random() - 2) * 1.7 AS dy,
        (random() + random() + random() + random() - 2) * 1.7 AS dx,
        floor(random() * ${cityRows.length})::int AS slot
      FROM generate_series(1, ${options.count}::int) AS g
    ),
    placed AS (
      SELECT raw.*, city.lat + raw.dy * city.spread / 111.2 AS lat,
        city.lon + raw.dx * city.spread / (111.32 * cos(radians(city.lat))) AS lon
      FROM raw JOIN city ON city.slot = raw.slot
    )
    INSERT INTO users (username, email, password_hash, first_name, date_of_birth, sex, status,
      email_confirmed_at, match_sex, match_age_min, match_age_max, match_distance, latitude, longitude,
      location_updated_at, popularity, connected, last_activity, created_at)
    SELECT
      ${options.prefix} || g, ${options.prefix} || g || '@seed.example', ${passwordHash},
      CASE WHEN r_name < 0.01 THEN NULL ELSE 'Seed' END,
      (date '2008-01-01' - (random() * 42 * 365)::int),
      CASE WHEN r_sex < 0.48 THEN 'female' WHEN r_sex < 0.95 THEN 'male' ELSE 'non_binary' END,
      CASE WHEN r_status < 0.96 THEN 'active' WHEN r_status < 0.98 THEN 'pending' ELSE 'deactivated' END,
      now(),
      CASE WHEN r_sex < 0.48 THEN '{male}'::text[] ELSE '{female}'::text[] END,
      18, 60, 100,
      CASE WHEN r_pos < ${positioned}::float8
        THEN round(((floor((lat + 90) * 100) + 0.5) / 100 - 90)::numeric, 6)::float8 END,
      CASE WHEN r_pos < ${positioned}::float8
        THEN round(((floor((lon + 180) * 100) + 0.5) / 100 - 180)::numeric, 6)::float8 END,
      CASE WHEN r_pos < ${positioned}::float8 THEN now() - interval '1 day' END,
      (random() * 100)::int,
      random() < 0.05,
      now() - random() * interval '60 days',
      now() - random() * interval '700 days'
    FROM placed
  `);
}
