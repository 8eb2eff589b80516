import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { childEnv } from './child-env.ts';

describe('childEnv', () => {
  it("puts the running Node's folder first on PATH, once", () => {
    const nodeDir = path.dirname(process.execPath);
    const env = childEnv({ PATH: ['/usr/bin', nodeDir, '/bin'].join(path.delimiter) });
    expect(env.PATH!.split(path.delimiter)).toEqual([nodeDir, '/usr/bin', '/bin']);
  });

  it('makes `node` in a grandchild the running Node, even with an older node first on PATH', () => {
    // A shell (the child) runs `node` from PATH (the grandchild), as `#!/usr/bin/env node` scripts do.
    const env = childEnv({ PATH: ['/usr/bin', '/bin'].join(path.delimiter) });
    const result = spawnSync('sh', ['-c', 'node -p process.execPath'], { env, encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(process.execPath);
  });

  it('adds the given variables and removes those given empty', () => {
    const env = childEnv({ BENCH_CHILD_ENV_TEST: 'yes', HOME: '' });
    expect(env.BENCH_CHILD_ENV_TEST).toBe('yes');
    expect('HOME' in env).toBe(false);
  });
});
