import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE } from './server-process.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const commandPath = (name: string) => path.join(ROOT, 'apps', 'server', 'src', `${name}-command`, 'main.ts');

/**
 * Runs the operator's `npm run payments -- <args>` (payments-command/main.ts) as its own process on
 * the database at `databaseUrl`; resolves with its exit code and everything it printed.
 */
export function runPaymentsCommand(databaseUrl: string, args: string[]) {
  return runOperatorCommand('payments', databaseUrl, args);
}

/** Runs `npm run <name> -- <args>` (<name>-command/main.ts: payments, partners, admin) the same way. */
export async function runOperatorCommand(
  name: 'payments' | 'partners' | 'admin',
  databaseUrl: string,
  args: string[],
): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl };
  for (const name of ['FLEXPAY_BASE_URL', 'FLEXPAY_CARD_URL', 'FLEXPAY_SIM', 'PUBLIC_URL']) delete env[name];
  const child = spawn(NODE, ['--import', 'tsx', commandPath(name), ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, output };
}
