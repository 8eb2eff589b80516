// @slow-tier starts the server's process beside the FlexPay simulator.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServerProcessToExit, startServerProcess } from './test/server-process.ts';

// `npm start` outside production pays through the local FlexPay simulator it starts itself
// (features/money/providers/flexpay-setup.ts); a port it cannot have stops the start in one line.
describe('the server and the local FlexPay simulator', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('starts the simulator outside production and serves its payments at /dev/payments', async () => {
    const server = await startServerProcess({});
    try {
      const line = server
        .output()
        .split('\n')
        .find((l) => l.startsWith('Payments: '));
      expect(line).toMatch(
        new RegExp(
          `^Payments: the local FlexPay simulator at http://127\\.0\\.0\\.1:\\d+ \\(approve or decline payments at .+/dev/payments\\)$`,
        ),
      );
      const sim = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(line!)![1]!;
      expect((await fetch(`${sim}/__sim/tx`)).status).toBe(200);
      const page = await fetch(`${server.url}/dev/payments`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Development payments');
    } finally {
      await server.kill('SIGTERM');
      await server.dispose();
    }
  }, 120_000);

  it("says in one line which setting to change when the simulator's port is in use", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'motema-flexpay-'));
    await chmod(dataDir, 0o755);
    dirs.push(dataDir);
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as net.AddressInfo).port;
    try {
      const ended = await runServerProcessToExit({ dataDir, env: { FLEXPAY_SIM_PORT: String(port) } });
      expect(ended.code).toBe(1);
      expect(ended.output.split('\n')).toContain(
        `Port ${port} is in use (another Motema or another program?): set FLEXPAY_SIM_PORT in .env to a free port.`,
      );
      expect(ended.output).not.toMatch(/^\s+at /m);
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
    // The database it had started was stopped, not left behind.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
