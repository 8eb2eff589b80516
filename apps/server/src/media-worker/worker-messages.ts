import type { EncodeJobEvent } from '../features/media/media-encoders.ts';

/**
 * What the supervisor (supervisor.ts) and the worker (main.ts) tell each other over the IPC channel.
 * The database's URL goes here rather than in the environment: the embedded PostgreSQL's is only
 * known once the server has started it, and the channel keeps it off the process list.
 */
export type ToWorker = { type: 'start'; databaseUrl: string };
export type FromWorker = { type: 'ready'; pid: number } | EncodeJobEvent;
