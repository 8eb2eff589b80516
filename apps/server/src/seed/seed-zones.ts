import { sql } from 'drizzle-orm';
import { ZONES_PER_MEMBER_MAX } from '@motema/shared/zones';
import type { DbOrTx } from '../db/client.ts';
import { AFRICAN_CITIES } from './members.ts';

/**
 * Zones of seeded members, set-based over the work table of a seed run (see seed.ts): INSERT ...
 * SELECT over generate_series through an unlogged table of the run's zones, so 100,000 zones and a
 * million memberships go in a few statements.
 *
 * The mix: each zone's admin is one of the run's active members with a profile, taken in turn (so
 * no member admins more than ceil(zones / members) zones); the zone is about a topic in the admin's
 * city, titled in the city's language (French or English); 75% public, 25% private (with one
 * question); sizes follow a long tail (about 10 a zone on average, a few zones of thousands), the
 * other members drawn at random among the run's; roles: a few managers, and in a private zone about
 * 15% waiting. A member belongs to at most ZONES_PER_MEMBER_MAX zones (waiting included, as the app
 * counts): the memberships above it are dropped, their admin roles kept first. A zone's `members`
 * counts its admins, managers and members. Names are `<topic>_z<n>`, n following the largest such
 * number already stored, so runs never collide.
 */

const PUBLIC_SHARE = 0.75;
const MANAGER_SHARE = 0.05;
const WAITING_SHARE = 0.15;
/** Sizes: 2.4 / u^0.8 (u uniform), Pareto: about 10 a zone once capped and de-duplicated. */
const SIZE_SCALE = 2.4;
const SIZE_POWER = 0.8;
const SIZE_MAX = 20_000;

/** Topics: a handle's stem (at most 10 characters), an English and a French title. */
const TOPICS: readonly [string, string, string][] = [
  ['football', 'Football fans', 'Fans de football'],
  ['rumba', 'Congolese rumba', 'Rumba congolaise'],
  ['cuisine', 'Home cooking', 'Cuisine maison'],
  ['randonnee', 'Hiking', 'Randonnée'],
  ['lecture', 'Book club', 'Club de lecture'],
  ['cinema', 'Cinema nights', 'Soirées cinéma'],
  ['danse', 'Dance', 'Danse'],
  ['gospel', 'Gospel choir', 'Chorale gospel'],
  ['startup', 'Entrepreneurs', 'Entrepreneurs'],
  ['tech', 'Developers', 'Développeurs'],
  ['photo', 'Photography', 'Photographie'],
  ['mode', 'Fashion', 'Mode et style'],
  ['voyage', 'Travellers', 'Voyageurs'],
  ['jeux', 'Board games', 'Jeux de société'],
  ['fitness', 'Fitness', 'Remise en forme'],
  ['basket', 'Basketball', 'Basket-ball'],
  ['parents', 'Young parents', 'Jeunes parents'],
  ['etudiants', 'Students', 'Étudiants'],
  ['celibat', 'Singles', 'Célibataires'],
  ['foi', 'Faith and prayer', 'Foi et prière'],
  ['musique', 'Live music', 'Musique live'],
  ['jardin', 'Gardening', 'Jardinage'],
  ['langues', 'Language exchange', 'Échange de langues'],
  ['benevoles', 'Volunteers', 'Bénévoles'],
];
const DESCRIPTIONS = {
  en: 'We meet, talk and share what we love. Be kind, stay on topic, and welcome the newcomers.',
  fr: 'On se retrouve, on échange et on partage ce qu’on aime. Soyez bienveillants et accueillez les nouveaux.',
};
const QUESTIONS = { en: 'Why do you want to join?', fr: 'Pourquoi voulez-vous nous rejoindre ?' };

export type ZoneCounts = { zones: number; zoneMembers: number };

const id = (name: string) => sql.identifier(name);
const json = (value: unknown) => JSON.stringify(value);

/**
 * Adds `count` zones and their memberships among the members of the run's work table `table`.
 * Works on `<table>_zones` and `<table>_slots` (the caller drops them).
 */
export async function insertSeedZones(db: DbOrTx, table: string, count: number): Promise<ZoneCounts> {
  const work = id(table);
  const hosts = id(`${table}_hosts`);
  const staged = id(`${table}_zones`);
  const slots = id(`${table}_slots`);
  await db.execute(sql`
    CREATE UNLOGGED TABLE ${hosts} AS
    SELECT (row_number() OVER (ORDER BY w.n))::int AS k, w.id, w.city, w.created_at
    FROM ${work} w JOIN users u ON u.id = w.id
    WHERE u.status = 'active' AND u.first_name IS NOT NULL AND u.sex IS NOT NULL`);
  await db.execute(sql`CREATE UNIQUE INDEX ON ${hosts} (k)`);
  const [{ members = 0 } = {}] = (await db.execute(sql`SELECT count(*)::int AS members FROM ${hosts}`))
    .rows as { members: number }[];
  if (members < 2 || count < 1) return { zones: 0, zoneMembers: 0 };
  if (Math.ceil(count / members) > ZONES_PER_MEMBER_MAX / 2) {
    throw new Error(`zones: at most ${(ZONES_PER_MEMBER_MAX / 2) * members} for ${members} active members`);
  }
  const [{ last = 0 } = {}] = (
    await db.execute(sql`
      SELECT coalesce(max(substring(name FROM '_z([0-9]+)$')::int), 0) AS last FROM zones
      WHERE name ~ '^[a-z]+_z[0-9]+$'`)
  ).rows as { last: number }[];
  const cities = json(AFRICAN_CITIES.map((city) => [city.name, city.language === 'fr' ? 'fr' : 'en']));

  // Each zone: its admin (members in turn), topic, language (the admin's city's), access, time, size.
  await db.execute(sql`
    CREATE UNLOGGED TABLE ${staged} AS
    SELECT gen_random_uuid() AS id, z.g, h.id AS admin_id, h.city, z.topic,
      (${cities}::jsonb -> h.city) ->> 1 AS language,
      (${cities}::jsonb -> h.city) ->> 0 AS city_name,
      CASE WHEN z.r_access < ${PUBLIC_SHARE}::float8 THEN 'public' ELSE 'private' END AS access,
      least(${SIZE_MAX}::int, ${members}::int, floor(${SIZE_SCALE}::float8 / power(1 - z.r_size, ${SIZE_POWER}::float8)))::int AS size,
      greatest(h.created_at + interval '1 hour', now() - interval '1 minute' - z.r_time * interval '365 days')
        AS created_at
    FROM (
      SELECT g, random() AS r_access, random() AS r_size, random() AS r_time,
        floor(random() * ${TOPICS.length})::int AS topic
      FROM generate_series(1, ${count}) g
    ) z
    JOIN ${hosts} h ON h.k = 1 + (z.g - 1) % ${members}`);
  await db.execute(sql`
    INSERT INTO zones (id, title, name, description, access, questions, language, members, created_by, created_at)
    SELECT s.id,
      CASE WHEN s.language = 'fr' THEN (${json(TOPICS)}::jsonb -> s.topic ->> 2) || ' à ' || s.city_name
        ELSE (${json(TOPICS)}::jsonb -> s.topic ->> 1) || ' in ' || s.city_name END,
      (${json(TOPICS)}::jsonb -> s.topic ->> 0) || '_z' || (${last} + s.g),
      CASE WHEN s.language = 'fr' THEN ${DESCRIPTIONS.fr} ELSE ${DESCRIPTIONS.en} END,
      s.access,
      CASE WHEN s.access = 'private'
        THEN jsonb_build_array(CASE WHEN s.language = 'fr' THEN ${QUESTIONS.fr} ELSE ${QUESTIONS.en} END)
        ELSE '[]'::jsonb END,
      s.language, 0, s.admin_id, s.created_at
    FROM ${staged} s`);

  // Every slot: the admin first, then members at random (a member drawn twice in a zone counts once).
  await db.execute(sql`
    CREATE UNLOGGED TABLE ${slots} AS
    SELECT DISTINCT ON (zone_id, user_id) * FROM (
      SELECT s.id AS zone_id, s.admin_id AS user_id, 'admin' AS role, s.created_at AS since, 0 AS j
      FROM ${staged} s
      UNION ALL
      SELECT s.id, h.id,
        CASE WHEN s.access = 'private' AND r.r_role < ${WAITING_SHARE}::float8 THEN 'waiting'
          WHEN r.r_role > ${1 - MANAGER_SHARE}::float8 THEN 'manager' ELSE 'member' END,
        greatest(s.created_at, h.created_at) + r.r_time * (now() - greatest(s.created_at, h.created_at)),
        r.j
      FROM ${staged} s
      CROSS JOIN LATERAL (
        SELECT j, random() AS r_role, random() AS r_time, 1 + floor(random() * ${members})::int AS k
        FROM generate_series(1, s.size - 1) j
      ) r
      JOIN ${hosts} h ON h.k = r.k
    ) all_slots
    ORDER BY zone_id, user_id, j`);
  const inserted = await db.execute(sql`
    INSERT INTO zone_members (zone_id, user_id, role, since)
    SELECT zone_id, user_id, role, date_trunc('milliseconds', since) FROM (
      SELECT *, row_number() OVER (PARTITION BY user_id ORDER BY (role = 'admin') DESC, j, zone_id) AS nth
      FROM ${slots}
    ) ranked
    WHERE nth <= ${ZONES_PER_MEMBER_MAX}`);
  await db.execute(sql`
    UPDATE zones SET members = c.members
    FROM (
      SELECT zone_id, count(*) FILTER (WHERE role <> 'waiting')::int AS members
      FROM zone_members WHERE zone_id IN (SELECT id FROM ${staged}) GROUP BY zone_id
    ) c
    WHERE zones.id = c.zone_id`);
  return { zones: count, zoneMembers: inserted.rowCount ?? 0 };
}
