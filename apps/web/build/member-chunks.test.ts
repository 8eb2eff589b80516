import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memberChunks } from './member-chunks.ts';

/**
 * A small app's source and module graph as Rolldown reports it: the entry lazily loads the start page
 * (a visitor page) and home's layout; both reach Mantine and the icons through their barrels.
 */
const root = mkdtempSync(path.join(tmpdir(), 'member-chunks-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const srcDir = path.join(root, 'src');
const sources: Record<string, string> = {
  'main.tsx': "import { MantineProvider } from '@mantine/core';\n",
  'features/public/start-page.tsx':
    "import { IconCameraHeart } from '@tabler/icons-react';\nimport { SiteTitle } from '../../ui/site-title.tsx';\n",
  'ui/site-title.tsx': "import { Anchor } from '@mantine/core';\n",
  'ui/member-avatar.tsx': "import { Avatar } from '@mantine/core';\n",
  'ui/form-alert.tsx': "import { useId } from '@mantine/hooks';\n",
  'lib/when-idle.ts': 'export const whenIdle = () => undefined;\n',
  'layouts/home-layout.tsx':
    "import { IconCamera } from '@tabler/icons-react';\nimport { MemberAvatar } from '../ui/member-avatar.tsx';\nimport { SiteTitle } from '../ui/site-title.tsx';\n",
  'features/discovery/home-page.tsx': "import { Title } from '@mantine/core';\n",
  // Loaded by home's route beside its page (a slot of the posts feature).
  'features/posts/stories/story-tray.tsx': "import { ActionIcon } from '@mantine/core';\n",
  // The other visitor sources the chunking reads, empty here.
  'features/auth/login-page.tsx':
    "import { PinInput } from '@mantine/core';\nimport { IconLogin2 } from '@tabler/icons-react';\nimport { FormAlert } from '../../ui/form-alert.tsx';\n",
  // The notices, which every page loads when it is idle.
  'ui/notifications-host.tsx': "import { Notification } from '@mantine/core';\n",
  // A member page other than home.
  'features/chat/chat-page.tsx':
    "import { Menu } from '@mantine/core';\nimport { IconMessage } from '@tabler/icons-react';\n",
  'features/legal/legal-page.tsx': '',
  'layouts/public-layout.tsx': '',
  'layouts/language-switch.tsx': '',
  'layouts/route-error.tsx': '',
  'layouts/navigation-guard.tsx': '',
};
for (const [file, text] of Object.entries(sources)) {
  mkdirSync(path.dirname(path.join(srcDir, file)), { recursive: true });
  writeFileSync(path.join(srcDir, file), text);
}

const src = (file: string) => path.join(srcDir, file);
const mantine = path.join(root, 'node_modules/@mantine/core/esm/index.mjs');
const icons = path.join(root, 'node_modules/@tabler/icons-react/dist/esm/tabler-icons-react.mjs');
const component = (name: string) =>
  path.join(root, `node_modules/@mantine/core/esm/components/${name}/${name}.mjs`);
const icon = (name: string) => path.join(root, `node_modules/@tabler/icons-react/dist/esm/icons/${name}.mjs`);
const hooks = path.join(root, 'node_modules/@mantine/hooks/esm/index.mjs');
const hook = (name: string) => path.join(root, `node_modules/@mantine/hooks/esm/${name}/${name}.mjs`);

type Node = { imports?: string[]; lazy?: string[]; isEntry?: boolean };
const graph: Record<string, Node> = {
  [src('main.tsx')]: {
    isEntry: true,
    imports: [mantine, hooks],
    lazy: [
      src('features/public/start-page.tsx'),
      src('features/auth/login-page.tsx'),
      src('layouts/home-layout.tsx'),
      src('features/discovery/home-page.tsx'),
      src('features/posts/stories/story-tray.tsx'),
      src('features/chat/chat-page.tsx'),
      src('ui/notifications-host.tsx'),
    ],
  },
  [src('features/public/start-page.tsx')]: { imports: [icons, src('ui/site-title.tsx')] },
  [src('ui/site-title.tsx')]: { imports: [mantine] },
  [src('ui/member-avatar.tsx')]: { imports: [mantine] },
  [src('layouts/home-layout.tsx')]: {
    imports: [icons, src('ui/member-avatar.tsx'), src('ui/site-title.tsx'), src('ui/form-alert.tsx')],
  },
  [src('features/auth/login-page.tsx')]: { imports: [mantine, icons, src('ui/form-alert.tsx')] },
  [src('features/chat/chat-page.tsx')]: { imports: [mantine, icons] },
  [src('ui/notifications-host.tsx')]: { imports: [mantine] },
  [src('ui/form-alert.tsx')]: { imports: [hooks] },
  // The entry imports the hooks' barrel (Mantine's provider does) without using every hook.
  [hooks]: { imports: [hook('use-id'), hook('use-os')] },
  [src('features/discovery/home-page.tsx')]: { imports: [mantine] },
  [src('features/posts/stories/story-tray.tsx')]: { imports: [mantine] },
  [mantine]: {
    imports: [
      'ActionIcon',
      'Anchor',
      'Avatar',
      'MantineProvider',
      'Menu',
      'Notification',
      'PinInput',
      'Portal',
      'Title',
    ].map(component),
  },
  [icons]: { imports: ['IconCamera', 'IconCameraHeart', 'IconLogin2', 'IconMessage'].map(icon) },
};

const context = {
  getModuleInfo(id: string) {
    if (!graph[id] && !Object.values(graph).some((node) => node.imports?.includes(id))) return null;
    const importersBy = (edge: 'imports' | 'lazy') =>
      Object.entries(graph)
        .filter(([, node]) => node[edge]?.includes(id))
        .map(([importer]) => importer);
    return {
      importers: importersBy('imports'),
      dynamicImporters: importersBy('lazy'),
      importedIds: graph[id]?.imports ?? [],
      isEntry: graph[id]?.isEntry === true,
    };
  },
};

describe('memberChunks', () => {
  const chunkOf = memberChunks(srcDir);

  it('groups what only home uses, our code and the parts of Mantine and the icons', () => {
    expect(chunkOf(src('ui/member-avatar.tsx'), context)).toBe('member-app');
    // Imported by a member-only file of the shared ui folder: not a visitor page's.
    expect(chunkOf(component('Avatar'), context)).toBe('member-ui');
    // The start page's IconCameraHeart is another icon.
    expect(chunkOf(icon('IconCamera'), context)).toBe('member-ui');
  });

  it("counts what home's route loads beside its page (the story tray) as home's", () => {
    // Else in the other member pages' chunk, which home would then load whole.
    expect(chunkOf(component('ActionIcon'), context)).toBe('member-ui');
  });

  it('groups what home and a visitor page both use in one chunk, not a small file each', () => {
    expect(chunkOf(src('ui/form-alert.tsx'), context)).toBe('pages-shared');
    // Behind a barrel the entry imports: the entry's chunk holds what it uses (the `index` group).
    expect(chunkOf(hook('use-id'), context)).toBe('pages-shared');
    // The start page's too (site-title, Anchor), though its own group takes them first (vite.config.ts).
    expect(chunkOf(src('ui/site-title.tsx'), context)).toBe('pages-shared');
    expect(chunkOf(component('Anchor'), context)).toBe('pages-shared');
  });

  it("groups Mantine and the icons of the other member pages in one chunk, not a visitor page's", () => {
    expect(chunkOf(component('Menu'), context)).toBe('member-pages-ui');
    expect(chunkOf(icon('IconMessage'), context)).toBe('member-pages-ui');
    expect(chunkOf(component('PinInput'), context)).toBe(null);
    expect(chunkOf(icon('IconLogin2'), context)).toBe(null);
    // What every page loads, and what no page imports itself (a part only a package uses).
    expect(chunkOf(component('Notification'), context)).toBe(null);
    expect(chunkOf(component('Portal'), context)).toBe(null);
  });

  it('leaves what home does not use, and what the entry imports itself, where Rolldown puts it', () => {
    expect(chunkOf(icon('IconCameraHeart'), context)).toBe(null);
    expect(chunkOf(component('MantineProvider'), context)).toBe(null);
  });
});
