import { AppError } from '../lib/app-error.ts';

/** Seconds a client is asked to wait (Retry-After): a restarted PostgreSQL is back in about this. */
const RETRY_AFTER_SECONDS = 2;

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception), a server shutting
 * down (57P01 fast/smart, 57P02 immediate, as after a crash of one backend) or starting up (57P03,
 * "the database system is starting up / in recovery mode").
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03']);
/** The network said no: the server is down, restarting, or cut off. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * node-postgres reports a connection that died under it without a code, only in these words:
 * "Connection terminated unexpectedly", "Client has encountered a connection error and is not
 * queryable", "timeout exceeded when trying to connect".
 */
const DRIVER_MESSAGES = /^Connection terminated|is not queryable$|^timeout exceeded when trying to connect/;

/**
 * Whether `error` says the database is out of reach for now (restarting, down, the connection cut)
 * rather than that the query was wrong: the work can be tried again once it is back. Looks through
 * the causes (Drizzle wraps the driver's error in `cause`) and the attempts of an AggregateError (one
 * per address of the host).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code)) return true;
  }
  if (DRIVER_MESSAGES.test(error.message)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** 503 service_unavailable, with Retry-After: the answer to work the database could not do now. */
export function serviceUnavailable(): AppError {
  return new AppError(503, 'service_unavailable', {
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  });
}

/** `error` itself, or `serviceUnavailable()` when it says the database is out of reach for now. */
export function asServiceUnavailable(error: unknown): unknown {
  return isDatabaseUnavailable(error) ? serviceUnavailable() : error;
}
