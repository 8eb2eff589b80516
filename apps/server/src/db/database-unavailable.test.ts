import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { asServiceUnavailable, isDatabaseUnavailable } from './database-unavailable.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a server going away, restarting or out of reach', () => {
    for (const error of [
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P02', 'terminating connection because of crash of another server process'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006', 'connection failure'),
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      // Drizzle's wrapping of the driver's error, and one attempt per address of the host.
      new DrizzleQueryError('select 1', [], withCode('57P01')),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('leaves every other error alone: a bad query, a constraint, a bug', () => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42601', 'syntax error at or near "selec"'),
      withCode('40P01', 'deadlock detected'),
      new DrizzleQueryError('insert', [], withCode('23505')),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'Connection terminated unexpectedly',
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });

  it('turns the first kind into 503 service_unavailable with a Retry-After, and keeps the others', () => {
    expect(asServiceUnavailable(withCode('57P03'))).toMatchObject({
      statusCode: 503,
      code: 'service_unavailable',
      headers: { 'retry-after': '2' },
    });
    const bug = new TypeError('bug');
    expect(asServiceUnavailable(bug)).toBe(bug);
  });
});
