import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childrenOf, processCpu, processTreeCpu } from './processes.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => T, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not within the time given: ${JSON.stringify(value)}`);
    await pause(20);
  }
}

describe('processTreeCpu', () => {
  it('keeps the CPU of a child that ends between two readings, where the live pids lose it', async () => {
    // A shell (the media worker) whose child (an encoder) spins until killed, then is reaped; the shell
    // then waits on its own (`read`, a builtin), with no child.
    const parent = spawn('sh', ['-c', 'sh -c "while :; do :; done"; read line'], {
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    try {
      const [child] = await until(
        () => childrenOf(parent.pid!),
        (children) => children.length > 0,
      );
      await until(
        () => processCpu(child!),
        (cpu) => cpu >= 0.05,
      );
      const before = {
        tree: processTreeCpu(parent.pid!),
        live: processCpu(parent.pid!) + processCpu(child!),
      };
      await pause(200);
      process.kill(child!, 'SIGKILL');
      await until(
        () => childrenOf(parent.pid!),
        (children) => children.length === 0,
      );
      const after = { tree: processTreeCpu(parent.pid!), live: processCpu(parent.pid!) };
      // The child's CPU after the first reading is counted; summed over the live pids it went away.
      expect(after.tree - before.tree).toBeGreaterThan(0);
      expect(after.live - before.live).toBeLessThan(0);
    } finally {
      parent.kill('SIGKILL');
    }
  }, 30_000);
});
