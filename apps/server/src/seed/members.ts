import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import {
  ABOUT_TEXTS,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  NEUTRAL_FIRST_NAMES,
} from './seed-texts.ts';

/** Every seeded member logs in with this password (by username `<prefix><n>` or e-mail `<prefix><n>@seed.example`). */
export const SEED_PASSWORD = 'motema-seed';

/**
 * Cities members cluster around: centre, spread (km, about one standard deviation), weight and the
 * interface language most members there use.
 */
export const AFRICAN_CITIES = [
  { name: 'Kinshasa', latitude: -4.325, longitude: 15.322, spreadKm: 12, weight: 17, language: 'fr' },
  { name: 'Lubumbashi', latitude: -11.664, longitude: 27.479, spreadKm: 8, weight: 6, language: 'fr' },
  { name: 'Douala', latitude: 4.051, longitude: 9.768, spreadKm: 9, weight: 7, language: 'fr' },
  { name: 'Yaoundé', latitude: 3.848, longitude: 11.502, spreadKm: 9, weight: 7, language: 'fr' },
  { name: 'Abidjan', latitude: 5.36, longitude: -4.008, spreadKm: 11, weight: 10, language: 'fr' },
  { name: 'Dakar', latitude: 14.716, longitude: -17.467, spreadKm: 8, weight: 7, language: 'fr' },
  { name: 'Lagos', latitude: 6.524, longitude: 3.379, spreadKm: 15, weight: 14, language: 'en' },
  { name: 'Nairobi', latitude: -1.292, longitude: 36.822, spreadKm: 10, weight: 9, language: 'en' },
  { name: 'Brazzaville', latitude: -4.263, longitude: 15.242, spreadKm: 6, weight: 4, language: 'fr' },
  { name: 'Accra', latitude: 5.604, longitude: -0.187, spreadKm: 9, weight: 6, language: 'en' },
  { name: 'Kampala', latitude: 0.347, longitude: 32.582, spreadKm: 8, weight: 5, language: 'en' },
  { name: 'Goma', latitude: -1.679, longitude: 29.222, spreadKm: 5, weight: 2, language: 'fr' },
  { name: 'Bamako', latitude: 12.639, longitude: -8.003, spreadKm: 8, weight: 4, language: 'fr' },
  { name: 'Cotonou', latitude: 6.366, longitude: 2.418, spreadKm: 6, weight: 2, language: 'fr' },
] as const;

export type SeedOptions = {
  /** How many members to add. */
  count: number;
  /** Makes usernames and e-mails unique across several calls on one database. */
  prefix: string;
  /** Share of members with a position (snapped to the 0.01° grid), the rest have none. */
  positioned?: number;
  /** Number of the first member (`<prefix><first>`), 1 unless a caller seeds one prefix in batches. */
  first?: number;
};

/** A text[] literal of a list, built in SQL from one JSON parameter. */
const textArray = (list: readonly string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))`;

/**
 * Adds `count` members in one INSERT ... SELECT over generate_series (a million in a few minutes),
 * clustered around AFRICAN_CITIES with a roughly normal spread, positions snapped to the grid's cell
 * centres like the app stores them. 96% active (2% pending, 2% deactivated), 1% without a first name
 * (an incomplete profile); sexes 48/47/5% female/male/non-binary with common first names of the
 * region, most with a family name; ages 18 to 60, most between 22 and 35 (median about 30), each
 * wanting a range around their own age; mostly straight (about 5% bisexual, 4% gay or lesbian, 1%
 * pansexual; non-binary members want everyone or men and women); a relationship status and an
 * "about" text for most; the language of their city; activity over 60 days, 5% connected. Popularity
 * is random here; `seed()` recomputes it from the ratings it adds. All share one argon2id hash of
 * SEED_PASSWORD, so any of them can log in.
 */
export async function seedMembers(db: DbOrTx, options: SeedOptions): Promise<void> {
  const passwordHash = await hashPassword(SEED_PASSWORD);
  const cityRows = AFRICAN_CITIES.flatMap((city, index) =>
    Array.from(
      { length: city.weight },
      () => `(${index}, ${city.latitude}, ${city.longitude}, ${city.spreadKm}, '${city.language}')`,
    ),
  );
  const positioned = options.positioned ?? 0.9;
  const first = options.first ?? 1;
  await db.execute(sql`
    WITH city AS (
      SELECT row_number() OVER () - 1 AS slot, lat, lon, spread, lang
      FROM (VALUES ${sql.raw(cityRows.join(', '))}) AS c(i, lat, lon, spread, lang)
    ),
    texts AS (
      SELECT ${textArray(FEMALE_FIRST_NAMES)} AS female, ${textArray(MALE_FIRST_NAMES)} AS male,
        ${textArray(NEUTRAL_FIRST_NAMES)} AS neutral, ${textArray(LAST_NAMES)} AS last,
        ${textArray(ABOUT_TEXTS)} AS about
    ),
    raw AS (
      SELECT g,
        random() AS r_status, random() AS r_sex, random() AS r_pos, random() AS r_name,
        random() AS r_orient, random() AS r_rel, random() AS r_about, random() AS r_last,
        random() AS r_lang, random() AS r_dist, random() AS r_low, random() AS r_high,
        18.02 + 41.9 * power(random(), 1.8) AS age,
        (random() + random() + random() + random() - 2) * 1.7 AS dy,
        (random() + random() + random() + random() - 2) * 1.7 AS dx,
        floor(random() * ${cityRows.length})::int AS slot
      FROM generate_series(${first}::int, ${first + options.count - 1}::int) AS g
    ),
    placed AS (
      SELECT raw.*, city.lang,
        city.lat + raw.dy * city.spread / 111.2 AS lat,
        city.lon + raw.dx * city.spread / (111.32 * cos(radians(city.lat))) AS lon,
        CASE WHEN r_sex < 0.48 THEN 'female' WHEN r_sex < 0.95 THEN 'male' ELSE 'non_binary' END AS sex,
        -- Orientation: mostly straight; within each sex r_orient picks bisexual, gay or lesbian, pansexual.
        CASE WHEN r_sex >= 0.95 THEN (CASE WHEN r_orient < 0.4 THEN 'pan' WHEN r_orient < 0.7 THEN 'queer' ELSE 'both' END)
          WHEN r_orient < 0.895 THEN 'straight' WHEN r_orient < 0.95 THEN 'bi'
          WHEN r_orient < 0.99 THEN 'same' ELSE 'pan' END AS kind
      FROM raw JOIN city ON city.slot = raw.slot
    ),
    profile AS (
      SELECT placed.*,
        CASE kind
          WHEN 'straight' THEN CASE sex WHEN 'female' THEN '{male}' ELSE '{female}' END
          WHEN 'same' THEN CASE sex WHEN 'female' THEN '{female}' ELSE '{male}' END
          WHEN 'bi' THEN '{female,male}'
          WHEN 'both' THEN '{female,male}'
          ELSE '{female,male,non_binary}'
        END::text[] AS match_sex,
        CASE kind
          WHEN 'straight' THEN CASE WHEN r_orient < 0.6 THEN 'heterosexual' END
          WHEN 'same' THEN CASE sex WHEN 'female' THEN 'lesbian' ELSE 'gay' END
          WHEN 'bi' THEN 'bisexual'
          WHEN 'pan' THEN 'pansexual'
          WHEN 'queer' THEN 'queer'
        END AS orientation,
        -- Preferred ages around one's own: women a little older, men a little younger.
        greatest(18, floor(age) - CASE WHEN sex = 'female' THEN 2 ELSE 6 END - floor(r_low * 5))::int AS age_min,
        least(99, floor(age) + CASE WHEN sex = 'female' THEN 8 ELSE 3 END + floor(r_high * 8))::int AS age_max
      FROM placed
    )
    INSERT INTO users (username, email, password_hash, first_name, last_name, date_of_birth, sex, status,
      email_confirmed_at, match_sex, match_age_min, match_age_max, match_distance, relationship, orientation,
      about, language, latitude, longitude, location_updated_at, popularity, connected, last_activity, created_at)
    SELECT
      ${options.prefix} || g, ${options.prefix} || g || '@seed.example', ${passwordHash},
      CASE WHEN r_name < 0.01 THEN NULL
        WHEN sex = 'female' THEN texts.female[1 + floor((r_name - 0.01) / 0.99 * array_length(texts.female, 1))::int]
        WHEN sex = 'male' THEN texts.male[1 + floor((r_name - 0.01) / 0.99 * array_length(texts.male, 1))::int]
        ELSE texts.neutral[1 + floor((r_name - 0.01) / 0.99 * array_length(texts.neutral, 1))::int] END,
      CASE WHEN r_last < 0.9 THEN texts.last[1 + floor(r_last / 0.9 * array_length(texts.last, 1))::int] END,
      (current_date - floor(age * 365.25)::int),
      sex,
      CASE WHEN r_status < 0.96 THEN 'active' WHEN r_status < 0.98 THEN 'pending' ELSE 'deactivated' END,
      now(),
      match_sex, age_min, age_max,
      (ARRAY[25, 50, 50, 100, 100, 100, 200])[1 + floor(r_dist * 7)::int],
      CASE WHEN r_rel < 0.74 THEN 'single' WHEN r_rel < 0.82 THEN 'divorced' WHEN r_rel < 0.86 THEN 'separated'
        WHEN r_rel < 0.91 THEN 'complicated' WHEN r_rel < 0.93 THEN 'widowed' END,
      orientation,
      CASE WHEN r_about < 0.75 THEN texts.about[1 + floor(r_about / 0.75 * array_length(texts.about, 1))::int]
        ELSE '' END,
      CASE WHEN r_lang < 0.15 THEN (CASE lang WHEN 'fr' THEN 'en' ELSE 'fr' END) ELSE lang END,
      CASE WHEN r_pos < ${positioned}::float8
        THEN round(((floor((lat + 90) * 100) + 0.5) / 100 - 90)::numeric, 6)::float8 END,
      CASE WHEN r_pos < ${positioned}::float8
        THEN round(((floor((lon + 180) * 100) + 0.5) / 100 - 180)::numeric, 6)::float8 END,
      CASE WHEN r_pos < ${positioned}::float8 THEN now() - interval '1 day' END,
      (random() * 100)::int,
      random() < 0.05,
      now() - random() * interval '60 days',
      now() - random() * interval '700 days'
    FROM profile CROSS JOIN texts
  `);
}
