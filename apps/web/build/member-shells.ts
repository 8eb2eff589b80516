/**
 * Writes an app shell of its own for each member page of @motema/shared/member-shells (home), in each
 * interface language: the build's index.html naming, besides the entry, the page's chunks and texts in
 * that language (modulepreload) and its style sheets (preload), all read from the build's manifest. Without them a
 * cold visit finds the page's ~40 files only once the entry has downloaded and run (3 s on Regular
 * 3G), then downloads them; with them they download beside the entry (bar B4). The server answers a
 * member's request for the page with the shell of the language the app will start in (the same rule
 * as the prerendered pages); the service worker keeps answering with index.html, whose files it holds.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '@motema/shared/languages';
import {
  MEMBER_SHELL_ATTRIBUTE,
  MEMBER_SHELLS,
  memberShellFile,
  VISITOR_SHELLS,
  type MemberShell,
} from '@motema/shared/member-shells';
import { textFileLanguage } from '../src/lib/text-files.ts';
import { pageFiles, readManifest, type Manifest } from './critical-path.ts';
import { codeAfterPicturesHtml, earlyTapsHtml, writePaintedStart } from './painted-start.ts';

type MemberPage = {
  /** The page's layout and page modules (manifest keys), whose static chunks and styles it loads. */
  modules: readonly string[];
  /** The texts the router loads with them (router.tsx: page(), layout() and lib/i18n.ts's startup ones). */
  namespaces: readonly string[];
};

const HOME_LAYOUT = 'src/layouts/home-layout.tsx';
/** The texts the home layout loads (router.tsx's layout(): the features' homeNamespaces) and the startup ones. */
const LAYOUT_TEXTS = ['common', 'validation', 'errors', 'chat', 'discovery', 'notifications'];

/** What each member shell is made of (router.tsx's routes for these paths). */
const MEMBER_PAGE_PARTS: Record<MemberShell, MemberPage> = {
  home: {
    modules: [
      HOME_LAYOUT,
      'src/features/discovery/home-page.tsx',
      // Its slots: the story tray, the LIVE rings in its row, the notices above the lists.
      'src/features/posts/stories/story-tray.tsx',
      'src/features/lives/live-rings.tsx',
      'src/features/moderation/notices-banner.tsx',
    ],
    namespaces: [...LAYOUT_TEXTS, 'media', 'stories', 'lives', 'appeals'],
  },
  profile: {
    modules: [
      HOME_LAYOUT,
      'src/features/discovery/profile-page.tsx',
      'src/features/posts/profile-tabs/profile-tabs.tsx',
    ],
    namespaces: [...LAYOUT_TEXTS, 'settings', 'stories'],
  },
  post: {
    modules: [HOME_LAYOUT, 'src/features/posts/post/post-page.tsx'],
    namespaces: [...LAYOUT_TEXTS, 'posts'],
  },
  zone: {
    modules: [HOME_LAYOUT, 'src/features/zones/zone-page.tsx', 'src/features/posts/feed/feed-pages.ts'],
    namespaces: [...LAYOUT_TEXTS, 'zones', 'posts'],
  },
};

/** The files a member shell names: its scripts and texts, and its style sheets, none the entry loads. */
export type ShellPreloads = { scripts: string[]; styles: string[] };

export function memberShellPreloads(
  manifest: Manifest,
  page: MemberPage,
  language: InterfaceLanguage,
): ShellPreloads {
  // In the page's language only: i18next has no fallback language (lib/text-files.ts).
  const texts = page.namespaces.map(
    (namespace) => `src/locales/${textFileLanguage(namespace, language)}/${namespace}.json`,
  );
  return pageFiles(manifest, page.modules, texts);
}

/**
 * index.html with the preloads before `</head>` and the root marked as a member's shell. `crossorigin`
 * as the app's own loads are (Vite's preload helper), or the browser would not use what it preloaded.
 * The shell loads `start` (the painted pages' start script, build/painted-start.ts): with
 * `afterPictures`, the code is named by that script, which starts it once the page's pictures are in.
 */
export function memberShellHtml(
  template: string,
  preloads: ShellPreloads,
  start: { file: string; afterPictures: boolean },
): string {
  const root = '<div id="root">';
  if (!template.includes('</head>') || !template.includes(root))
    throw new Error('index.html has no </head> or <div id="root">');
  const scripts = start.afterPictures
    ? ''
    : preloads.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  const styles = preloads.styles
    .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`)
    .join('');
  const html = template
    .replace('</head>', `${scripts}${styles}</head>`)
    .replace(root, `<div id="root" ${MEMBER_SHELL_ATTRIBUTE}>`);
  return start.afterPictures
    ? codeAfterPicturesHtml(html, preloads.scripts, start.file)
    : earlyTapsHtml(html, start.file);
}

export function memberShells(): Plugin {
  let outDir = '';
  return {
    name: 'motema-member-shells',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundle is written (index.html, the manifest), before the compressed copies are made
    // (closeBundle). Not precached: the service worker answers a member page with index.html.
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
        const manifest = readManifest(outDir);
        const startFile = await writePaintedStart(outDir);
        for (const language of INTERFACE_LANGUAGES)
          for (const shell of Object.keys(MEMBER_SHELLS) as MemberShell[]) {
            const file = path.join(outDir, memberShellFile(shell, language));
            const preloads = memberShellPreloads(manifest, MEMBER_PAGE_PARTS[shell], language);
            const start = { file: startFile, afterPictures: VISITOR_SHELLS.has(shell) };
            await mkdir(path.dirname(file), { recursive: true });
            await writeFile(file, memberShellHtml(template, preloads, start));
          }
      },
    },
  };
}
