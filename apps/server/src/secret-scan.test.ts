import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The secret scan of `npm test` (scripts/secret-scan.mjs, P16), run as CI runs it, on a copy of the
// repository where fake credentials are planted.

const REPOSITORY = fileURLToPath(new URL('../../..', import.meta.url));
const SCAN = path.join(REPOSITORY, 'scripts', 'secret-scan.mjs');

let copy: string;

beforeAll(() => {
  copy = mkdtempSync(path.join(os.tmpdir(), 'motema-secret-scan-'));
  // A clone sharing the repository's objects: the committed tree, in a second or so.
  execFileSync('git', ['clone', '--quiet', '--shared', REPOSITORY, copy]);
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

function scan(env: Record<string, string> = {}) {
  const { FLEXPAY_TOKEN: _ignored, ...parent } = process.env;
  const result = spawnSync(process.execPath, [SCAN, copy], { encoding: 'utf8', env: { ...parent, ...env } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Adds a file to the copy's index: tracked from then on, as a commit would make it. */
function track(file: string, text: string) {
  writeFileSync(path.join(copy, file), text);
  execFileSync('git', ['add', '--', file], { cwd: copy });
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A made-up merchant token shaped like FlexPay's (a JWT whose payload says MERCHANT); built here, never written in the source. */
const fakeJwt = [base64url({ alg: 'HS256' }), base64url({ roles: ['MERCHANT'] }), 'c2lnbmF0dXJl'].join('.');

describe('the secret scan', () => {
  it('passes on the repository as committed', () => {
    expect(scan()).toMatchObject({ status: 0, output: expect.stringContaining('no secret') });
  });

  it('fails on a JWT-like string in a tracked file, naming the file and line but not the token', () => {
    appendFileSync(path.join(copy, 'README.md'), `\nAuthorization: Bearer ${fakeJwt}\n`);
    const { status, output } = scan();
    expect(status).toBe(1);
    expect(output).toMatch(/^README\.md:\d+: a JWT-like string/m);
    expect(output).not.toContain(fakeJwt);
    execFileSync('git', ['checkout', '--', 'README.md'], { cwd: copy });
  });

  it('fails on a committed FLEXPAY_TOKEN value, commented out too, but not on placeholders', () => {
    track('.env.production', `FLEXPAY_MERCHANT=MOTEMA\nFLEXPAY_TOKEN=${randomBytes(24).toString('hex')}\n`);
    track(
      'deploy.md',
      `# FLEXPAY_TOKEN="${randomBytes(24).toString('hex')}"\nFLEXPAY_TOKEN=<your merchant token>\nFLEXPAY_TOKEN=$SECRET\n`,
    );
    const { status, output } = scan();
    expect(status).toBe(1);
    expect(output).toMatch(/^\.env\.production:2: a FLEXPAY_TOKEN assignment/m);
    expect(output).toMatch(/^deploy\.md:1: a FLEXPAY_TOKEN assignment/m);
    expect(output).not.toMatch(/^deploy\.md:[23]:/m);
    execFileSync('git', ['rm', '--quiet', '--force', '--', '.env.production', 'deploy.md'], { cwd: copy });
  });

  it("fails on this machine's FLEXPAY_TOKEN wherever a tracked file holds it; untracked files are not the repository's", () => {
    const token = `mtk_${randomBytes(20).toString('hex')}`;
    track('apps/server/src/flexpay-config.ts', `export const token = '${token}';\n`);
    writeFileSync(path.join(copy, 'notes.txt'), token);
    expect(scan()).toMatchObject({ status: 0 });
    const { status, output } = scan({ FLEXPAY_TOKEN: token });
    expect(status).toBe(1);
    expect(output).toMatch(/^apps\/server\/src\/flexpay-config\.ts:1: this machine's FLEXPAY_TOKEN value/m);
    expect(output).not.toContain('notes.txt');
    // The untracked .env that `npm start` reads is where the token belongs: the scan learns it there too.
    writeFileSync(path.join(copy, '.env'), `FLEXPAY_TOKEN=${token}\n`);
    expect(scan()).toMatchObject({ status: 1, output: expect.stringContaining('flexpay-config.ts:1') });
    execFileSync('git', ['rm', '--quiet', '--force', '--', 'apps/server/src/flexpay-config.ts'], {
      cwd: copy,
    });
    expect(scan({ FLEXPAY_TOKEN: token })).toMatchObject({ status: 0 });
  });
});
