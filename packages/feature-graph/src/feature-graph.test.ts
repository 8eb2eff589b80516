import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { crossFeatureImports, cyclesOf, describeCycles, importedModules } from './feature-graph.ts';

const root = mkdtempSync(path.join(tmpdir(), 'feature-graph-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes `files` (path under src/ -> text) and answers the features folder. */
function app(name: string, files: Record<string, string>): string {
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(root, name, 'src', file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return path.join(root, name, 'src', 'features');
}

describe('importedModules', () => {
  it('finds static, type-only, dynamic imports, re-exports and import types', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "export { c } from './c.ts';",
      "export * from './d.ts';",
      "const e = () => import('./e.ts');",
      "type F = import('./f.ts').F;",
      "import g = require('./g');",
      "import './h.css';",
    ].join('\n');
    expect(importedModules('x.ts', text)).toEqual([
      './a.ts',
      './b.ts',
      './c.ts',
      './d.ts',
      './e.ts',
      './f.ts',
      './g',
      './h.css',
    ]);
  });

  it('reads a .tsx file as JSX: an apostrophe in its text hides nothing after it', () => {
    const text = [
      "import { A } from './a.tsx';",
      "export const View = () => <p>Don't {String(1)}</p>;",
      "const Lazy = () => import('../other/b.tsx');",
    ].join('\n');
    expect(importedModules('view.tsx', text)).toEqual(['./a.tsx', '../other/b.tsx']);
  });
});

describe('crossFeatureImports', () => {
  const features = app('web', {
    'features/users/account-page.tsx': "import { Gallery } from '../media/gallery.tsx';\n",
    'features/users/users.api.ts': "import { api } from '../../lib/api.ts';\nimport { x } from './x.ts';\n",
    'features/chat/send/sender.ts': "import type { Me } from '../../users/users.api.ts';\n",
    'features/media/gallery.tsx': "export const Gallery = () => <p>Don't</p>;\n",
    'features/media/gallery.test.tsx': "import { me } from '../users/users-fixtures.ts';\n",
    'lib/api.ts': "import { x } from '../features/users/x.ts';\n",
  });

  it('lists the imports between features, naming the file and its target, from sub-folders too', () => {
    expect(crossFeatureImports(features).sort((a, b) => a.file.localeCompare(b.file))).toEqual([
      {
        from: 'chat',
        to: 'users',
        file: path.join('chat', 'send', 'sender.ts'),
        target: path.join('users', 'users.api.ts'),
      },
      {
        from: 'users',
        to: 'media',
        file: path.join('users', 'account-page.tsx'),
        target: path.join('media', 'gallery.tsx'),
      },
    ]);
  });

  it('takes a folder URL (import.meta.url based) as well as a path', () => {
    expect(crossFeatureImports(pathToFileURL(`${features}/`))).toHaveLength(2);
  });

  it('leaves tests out unless told otherwise', () => {
    const all = crossFeatureImports(features, { exclude: /^$/ });
    expect(all.map(({ from, to }) => `${from} -> ${to}`).sort()).toEqual([
      'chat -> users',
      'media -> users',
      'users -> media',
    ]);
  });
});

describe('cyclesOf', () => {
  const chain = [
    { from: 'auth', to: 'users' },
    { from: 'users', to: 'media' },
    { from: 'auth', to: 'media' },
  ];

  it('finds none in a chain, and one through several features', () => {
    expect(cyclesOf(chain)).toEqual([]);
    expect(cyclesOf([...chain, { from: 'media', to: 'auth' }])).toEqual([['auth', 'users', 'media', 'auth']]);
  });

  it('finds separate cycles', () => {
    const edges = [
      { from: 'users', to: 'media' },
      { from: 'media', to: 'users' },
      { from: 'discovery', to: 'safety' },
      { from: 'safety', to: 'discovery' },
    ];
    expect(cyclesOf(edges)).toEqual([
      ['discovery', 'safety', 'discovery'],
      ['media', 'users', 'media'],
    ]);
  });
});

describe('describeCycles', () => {
  it('names the files behind each step of a cycle, once each', () => {
    const edge = (from: string, to: string, file: string) => ({ from, to, file, target: `${to}/x.ts` });
    const edges = [
      edge('users', 'media', 'users/account-page.tsx'),
      edge('users', 'media', 'users/account-page.tsx'),
      edge('media', 'users', 'media/media.api.ts'),
      edge('media', 'users', 'media/photo-gallery.tsx'),
      edge('chat', 'users', 'chat/use-thread.ts'),
    ];
    expect(describeCycles(edges)).toEqual([
      [
        'users -> media (users/account-page.tsx)',
        'media -> users (media/media.api.ts, media/photo-gallery.tsx)',
      ],
    ]);
    expect(describeCycles(edges.filter(({ from }) => from !== 'media'))).toEqual([]);
  });
});
