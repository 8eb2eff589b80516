import type { AppDeps } from '../../deps.ts';

/** What the moderation services are built with. */
export type ModerationDeps = Pick<
  AppDeps,
  'db' | 'jobs' | 'events' | 'storage' | 'moderationSubjects' | 'env'
>;

/** Who acts: a moderator or an admin (the routes' staffOnly hook let them in). */
export type Staff = { id: string; role: string };
