import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Through a variable: Vite rewrites `new URL('...', import.meta.url)` into the address of a served asset.
const here = import.meta.url;
const ROOT = fileURLToPath(new URL('../../../../../', here));
const eslint = new ESLint({ cwd: ROOT });

/** The rules that fire on `code` as if it were the file at `file` (relative to the repository). */
async function rulesFiredOn(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  return result!.messages.map((message) => `${message.severity === 2 ? 'error' : 'warn'} ${message.ruleId}`);
}

const FEATURE_FILE = 'apps/web/src/features/discovery/planted.ts';
const PLATFORM_FILE = 'apps/web/src/lib/platform/web/planted.ts';

// Decision 0038: the device (storage, the service worker, notifications and permissions) is reached
// only in lib/platform/, so a native build replaces implementations instead of editing features.
describe('the web reaches the device only through lib/platform/', () => {
  const planted: [string, string][] = [
    ['localStorage', `export const read = () => localStorage.getItem('k');\n`],
    ['sessionStorage', `export const read = () => sessionStorage.getItem('k');\n`],
    ['window.localStorage', `export const read = () => window.localStorage.getItem('k');\n`],
    ['the service worker', `export const ready = () => navigator.serviceWorker?.ready;\n`],
    ['the service worker by `in`', `export const has = () => 'serviceWorker' in navigator;\n`],
    ['the Notification permission', `export const asked = () => Notification.permission;\n`],
    [
      'the permissions API',
      `export const ask = () => navigator.permissions.query({ name: 'geolocation' });\n`,
    ],
    ['PushManager', `export const has = () => typeof PushManager !== 'undefined';\n`],
  ];

  it.each(planted)('fails on %s in a feature, and lets lib/platform/ use it', async (_, code) => {
    const fired = await rulesFiredOn(FEATURE_FILE, code);
    expect(fired.some((rule) => /^error no-restricted-(globals|properties|syntax)$/.test(rule))).toBe(true);
    expect(await rulesFiredOn('apps/web/src/lib/planted.ts', code)).not.toEqual([]);
    expect(await rulesFiredOn(PLATFORM_FILE, code)).toEqual([]);
  });

  // Decision 0048: the native shell's parts load in the shell only, so never in the web app's files.
  it('fails on a static import of the native parts, and lets lib/platform/start.ts load them dynamically', async () => {
    const nativeRule = (fired: string[]) => fired.includes('error house/restricted-imports');
    expect(
      nativeRule(await rulesFiredOn(FEATURE_FILE, `import { App } from '@capacitor/app';\nvoid App;\n`)),
    ).toBe(true);
    // A Capacitor plugin of another publisher (the session's secure storage, decision 0052) too.
    const secureStorage = `import { SecureStorage } from '@aparajita/capacitor-secure-storage';\nvoid SecureStorage;\n`;
    expect(nativeRule(await rulesFiredOn('apps/web/src/lib/platform/server.ts', secureStorage))).toBe(true);
    const start = 'apps/web/src/lib/platform/start.ts';
    const staticImport = `import { startNativeShell } from './native/start.ts';\nvoid startNativeShell;\n`;
    expect(nativeRule(await rulesFiredOn(start, staticImport))).toBe(true);
    const dynamicImport = `import type { ShellRouter } from './native/start.ts';\nexport const load = (router: ShellRouter) => import('./native/start.ts').then((shell) => shell.startNativeShell(router));\n`;
    expect(await rulesFiredOn(start, dynamicImport)).toEqual([]);
    expect(
      await rulesFiredOn(
        'apps/web/src/lib/platform/native/planted.ts',
        `import { App } from '@capacitor/app';\nvoid App;\n`,
      ),
    ).toEqual([]);
  });

  it('lets a feature keep a record through lib/device-record.ts', async () => {
    const allowed = `import { deviceText } from '../../lib/device-record.ts';\nexport const kept = deviceText('k', (stored) => stored);\n`;
    expect(await rulesFiredOn(FEATURE_FILE, allowed)).toEqual([]);
  });
});
