import { beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../test/factories.ts';
import { refused, socketTestBed } from '../test/socket-test-bed.ts';

describe('a handshake the server cannot complete', () => {
  const bed = socketTestBed();
  let cookie = '';
  beforeAll(async () => {
    cookie = (await createMember(bed.t)).cookie;
  });

  it('tells the client a code, never the query, its parameters or the database', async () => {
    // The session lookup now fails with PostgreSQL's words about the query ("relation does not exist").
    await bed.t.db.$client.query('alter table sessions rename to sessions_elsewhere');
    const error = await refused(bed.dial({ cookie }));
    expect(error.message).toBe('internal');
  });
});
