import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Through a variable: Vite rewrites `new URL('...', import.meta.url)` into the address of a served asset.
const here = import.meta.url;
const ROOT = fileURLToPath(new URL('../../..', here));
const eslint = new ESLint({ cwd: ROOT });

/** The rules that fail on `code` as if it were the file at `file` (relative to the repository). */
async function errorsOn(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  return result!.messages.filter((message) => message.severity === 2).map((message) => message.ruleId ?? '');
}

const CHAT = 'apps/web/src/features/chat';
const importing = (name: string, from: string) =>
  `import { ${name} } from '${from}';\nexport const f = ${name};\n`;

// Each case plants one violation of a web boundary (decision 0036), and shows the allowed way.
describe('the lint enforces the web features’ boundaries', () => {
  it('a feature imports no internal file of another', async () => {
    const planted = importing('PushPromptHost', '../notifications/push/push-prompt-host.tsx');
    expect(await errorsOn(`${CHAT}/planted.tsx`, planted)).toContain('boundaries/dependencies');
    const nested = importing('PhotoUploader', '../../media/photo-uploader.tsx');
    expect(await errorsOn(`${CHAT}/thread/planted.tsx`, nested)).toContain('boundaries/dependencies');
  });

  it('a feature imports another’s *.api.ts and what it lends, and its own files', async () => {
    expect(await errorsOn(`${CHAT}/planted.tsx`, importing('useMeQuery', '../users/users.api.ts'))).toEqual(
      [],
    );
    expect(
      await errorsOn(`${CHAT}/planted.tsx`, importing('PhotoGallery', '../media/photo-gallery.tsx')),
    ).toEqual([]);
    expect(
      await errorsOn(`${CHAT}/list/planted.tsx`, importing('ChatSync', '../sync/chat-sync.tsx')),
    ).toEqual([]);
  });

  it('a test may use another feature’s fixtures', async () => {
    const fixtures = importing('cards', '../discovery/discovery-fixtures.ts');
    expect(await errorsOn(`${CHAT}/planted.test.tsx`, fixtures)).toEqual([]);
  });

  it('lib/ imports no feature, even its *.api.ts', async () => {
    const planted = importing('useMeQuery', '../features/users/users.api.ts');
    expect(await errorsOn('apps/web/src/lib/planted.ts', planted)).toContain('house/restricted-imports');
    expect(await errorsOn('apps/web/src/lib/planted.test.ts', planted)).toEqual([]);
  });
});

describe('the lint keeps the house’s one way for forms', () => {
  const form = (submit: string) =>
    `import { useForm } from '@mantine/form';\nexport function F() {\n  const form = useForm({});\n  return form.onSubmit(${submit});\n}\n`;

  it('a checked form puts the focus on its first field in error when its submit is refused', async () => {
    expect(await errorsOn(`${CHAT}/planted.tsx`, form('() => undefined'))).toContain('no-restricted-syntax');
    expect(await errorsOn(`${CHAT}/planted.tsx`, form('() => undefined, focusFirstErrorOf'))).toEqual([]);
  });
});
