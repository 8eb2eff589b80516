/**
 * A `codeSplitting` group name function (vite.config.ts): the modules home needs that no visitor
 * page needs go into a few `member-*` chunks instead of one small file each, because every file
 * costs a round trip on a slow network (bar B4), and those home and a visitor page both need into one
 * `pages-shared` chunk, so the start, login and legal pages never load member code. What the entry
 * or the start page imports statically stays in their chunks (their groups come first).
 */

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The lazy routes of the member area whose shared modules are grouped: home's layout and page, and the
 * parts home's route loads beside its page (discovery.feature.tsx's slots: the story tray, the lives'
 * rings, the notices' banner). Left out, what those parts use went into `member-pages-ui` (Mantine for
 * the other member pages, with its form inputs: six more files on home's critical path) or into small
 * files of their own, each a request before home's first screen (issue 33's request count).
 */
const HOME_ROOTS = [
  /[\\/]src[\\/]layouts[\\/]home-layout\.tsx$/,
  /[\\/]src[\\/]features[\\/]discovery[\\/]home-page\.tsx$/,
  /[\\/]src[\\/]features[\\/]posts[\\/]stories[\\/]story-tray\.tsx$/,
  /[\\/]src[\\/]features[\\/]lives[\\/]live-rings\.tsx$/,
  /[\\/]src[\\/]features[\\/]moderation[\\/]notices-banner\.tsx$/,
];
/** Lazy roots of the visitor pages: what they reach stays out of the member chunks. */
const VISITOR_ROOTS = [
  /[\\/]src[\\/]features[\\/](public|auth|legal)[\\/]/,
  /[\\/]src[\\/]layouts[\\/](public-layout|language-switch|route-error)\.tsx$/,
];

/**
 * Lazy parts every page loads, a visitor's too (the notices, the progress bar, the device's record):
 * what they use stays out of the chunks of the member pages other than home.
 */
const EVERY_PAGE_FILES = [
  'ui/notifications-host.tsx',
  'layouts/navigation-progress.tsx',
  'features/devices/devices.api.ts',
  'features/devices/visitors.api.ts',
];
/** Where the member pages' source is, from which the names they import are read. */
const PAGE_SOURCES = ['features', 'layouts'];

/**
 * The visitor pages' own source and the entry, from which the rest of their source (the shared `ui`
 * and `lib` files they use) is found by its static imports. Taking whole shared folders instead tied
 * every Mantine component a member-only `ui` file imports (Avatar for the member avatar) to the
 * visitor pages, and each such component became a small chunk of its own on home's critical path.
 */
const VISITOR_SOURCES = [
  'features/public',
  'features/auth',
  'features/legal',
  'layouts/public-layout.tsx',
  'layouts/language-switch.tsx',
  'layouts/route-error.tsx',
  'layouts/navigation-guard.tsx',
  'main.tsx',
];
/** Home's layout, page and slots (HOME_ROOTS), from which home's own source is found by its static imports. */
const HOME_FILES = [
  'layouts/home-layout.tsx',
  'features/discovery/home-page.tsx',
  'features/posts/stories/story-tray.tsx',
  'features/lives/live-rings.tsx',
  'features/moderation/notices-banner.tsx',
];
/** Barrels that re-export every component or icon: walking through them would tie each to every page. */
const MANTINE_BARREL = /[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/;
const MANTINE_COMPONENT = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]([^\\/]+)[\\/]/;
const ICONS_BARREL = /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs$/;
const ICON = /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/](\w+)\.mjs$/;
/** Mantine's packages and the icons. */
const UI_PACKAGE = /[\\/]node_modules[\\/]@(mantine|tabler)[\\/]/;
/** Barrels whose modules are told apart by who imports the barrel, without the entry (see rootsOf). */
const PACKAGE_BARREL =
  /[\\/]node_modules[\\/](@mantine[\\/]hooks[\\/]esm|@tanstack[\\/]react-query[\\/]build[\\/]modern)[\\/]index\.m?js$/;

function filesUnder(target: string): string[] {
  try {
    return readdirSync(target, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [target];
  }
}

/** The names the `sources` import from @mantine/core and @tabler/icons-react. */
function importedNames(srcDir: string, sources: string[]): Set<string> {
  const names = new Set<string>();
  for (const source of sources)
    for (const file of filesUnder(path.isAbsolute(source) ? source : path.join(srcDir, source))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(
        /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'(@mantine\/core|@tabler\/icons-react)'/g,
      ))
        for (const name of match[1]!.split(','))
          names.add(
            name
              .replace(/^\s*type\s+/, '')
              .trim()
              .split(/\s/)[0]!,
          );
    }
  return names;
}

type ModuleInfo = {
  importers: readonly string[];
  dynamicImporters: readonly string[];
  importedIds: readonly string[];
  isEntry: boolean;
};
type Context = { getModuleInfo(id: string): ModuleInfo | null };

/** Our files that `sources` (files or folders) import statically, directly or not, and themselves. */
function staticSource(srcDir: string, sources: string[], context: Context): string[] {
  const found = new Set<string>();
  const visit = (id: string) => {
    // Only modules of the build: a folder's tests and unused files are not.
    const info = id.startsWith(srcDir) && !found.has(id) ? context.getModuleInfo(id) : null;
    if (!info) return;
    found.add(id);
    for (const imported of info.importedIds) visit(imported);
  };
  for (const source of sources) for (const file of filesUnder(path.join(srcDir, source))) visit(file);
  return [...found];
}

/** The lazy (dynamically imported) modules and entries from which `id` is reached by static imports. */
function rootsOf(id: string, context: Context, memo: Map<string, Set<string>>, names: Names): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const roots = new Set<string>();
  memo.set(id, roots); // import cycles end here
  const info = context.getModuleInfo(id);
  if (!info) return roots;
  if (info.isEntry || info.dynamicImporters.length > 0) roots.add(id);
  for (const importer of info.importers) {
    if (MANTINE_BARREL.test(importer) || ICONS_BARREL.test(importer)) {
      // Through a barrel: a visitor page uses it when it imports a name of its folder or the icon.
      // A component's folder holds its parts too (Avatar: AvatarGroup); an icon is its name alone
      // (IconCamera is not IconCameraHeart).
      const component = MANTINE_COMPONENT.exec(id)?.[1];
      const icon = ICON.exec(id)?.[1];
      const usedBy = (names: Set<string>) =>
        icon ? names.has(icon) : !component || [...names].some((name) => name.startsWith(component));
      if (usedBy(names.visitor)) roots.add(VISITOR_BARREL_ROOT);
      if (usedBy(names.home)) roots.add(HOME_BARREL_ROOT);
      if (usedBy(names.everyPage)) roots.add(EVERY_PAGE_BARREL_ROOT);
      if (usedBy(names.pages)) roots.add(PAGES_BARREL_ROOT);
      continue;
    }
    for (const root of rootsOf(importer, context, memo, names)) {
      // The entry imports these packages' barrels, but not every module behind them: those it uses
      // are in its chunk (the `index` group), the others are the lazy pages' as their other roots say.
      if (PACKAGE_BARREL.test(importer) && context.getModuleInfo(root)?.isEntry === true) continue;
      roots.add(root);
    }
  }
  return roots;
}

const VISITOR_BARREL_ROOT = '\0visitor-barrel';
const HOME_BARREL_ROOT = '\0home-barrel';
const EVERY_PAGE_BARREL_ROOT = '\0every-page-barrel';
const PAGES_BARREL_ROOT = '\0pages-barrel';
type Names = { visitor: Set<string>; home: Set<string>; everyPage: Set<string>; pages: Set<string> };

/**
 * Chunk name for a module, or null to leave it to Rolldown: `pages-shared` (what home and a visitor
 * page both use), `member-ui` (Mantine and icons), `member-libs` (other packages) and `member-app`
 * (our code), each kept under the 40 KB brotli lazy chunk budget by this split; `member-pages-ui`
 * (Mantine and icons that only the other member pages use).
 */
export function memberChunks(srcDir: string) {
  const memo = new Map<string, Set<string>>();
  let names: Names | undefined;
  return (id: string, context: Context): string | null => {
    names ??= {
      visitor: importedNames(srcDir, staticSource(srcDir, VISITOR_SOURCES, context)),
      home: importedNames(srcDir, staticSource(srcDir, HOME_FILES, context)),
      everyPage: importedNames(srcDir, staticSource(srcDir, EVERY_PAGE_FILES, context)),
      pages: importedNames(srcDir, staticSource(srcDir, PAGE_SOURCES, context)),
    };
    const roots = [...rootsOf(id, context, memo, names)];
    const forHome = roots.some(
      (root) => root === HOME_BARREL_ROOT || HOME_ROOTS.some((pattern) => pattern.test(root)),
    );
    const forEntry = roots.some((root) => context.getModuleInfo(root)?.isEntry === true);
    const forVisitors = roots.some(
      (root) => root === VISITOR_BARREL_ROOT || VISITOR_ROOTS.some((pattern) => pattern.test(root)),
    );
    if (forEntry) return null;
    const everyPageRoots = new Set([
      EVERY_PAGE_BARREL_ROOT,
      ...EVERY_PAGE_FILES.map((file) => path.join(srcDir, file)),
    ]);
    const forEveryPage = roots.some((root) => everyPageRoots.has(root));
    // Reached from a page (a Mantine module only a package imports, such as the notices' parts, is not).
    const forMemberPages = !forHome && !forVisitors && !forEveryPage && roots.length > 0;
    // Mantine's and the icons' modules only member pages other than home use: one chunk of them all rather
    // than a small file each (a component, its parts, an icon), whose imports and exports cost about
    // as much as an icon: 13.5 KB less over the app, and fewer round trips when a page opens. What a
    // visitor page or every page uses stays apart, so a visitor does not download the members' parts.
    if (forMemberPages && UI_PACKAGE.test(id)) return 'member-pages-ui';
    if (!forHome) return null;
    // Home and a visitor page both use it (a Mantine hook or part, an icon, a schema): one chunk of
    // them all instead of a small file each, ~20 on home's critical path, each a round trip on a slow
    // network; a visitor page loads it too, a few KB it may not all use. What the entry or the start
    // page imports statically is never offered here: the `index` and `start-page` groups take it first.
    if (forVisitors) return 'pages-shared';
    if (UI_PACKAGE.test(id)) return 'member-ui';
    return id.includes('node_modules') ? 'member-libs' : 'member-app';
  };
}
