import { INTERFACE_LANGUAGES, type InterfaceLanguage } from './languages.ts';

/**
 * The pages of the member area the web build writes an app shell of their own for
 * (apps/web/build/member-shells.ts), by name, with the paths each answers: index.html naming the
 * page's chunks, style sheets and texts (modulepreload, preload), so a cold visit downloads them
 * beside the entry instead of after it has run (bar B4). The server paints these pages into their
 * shell for the visit (decision 0057): home for a request carrying a session cookie, the pages a link
 * opens (a profile, a post, a zone) for anyone; the service worker answers with the plain app shell.
 */
export const MEMBER_SHELLS = {
  home: /^\/home$/,
  profile: /^\/profile\/[^/]+$/,
  post: /^\/post\/[^/]+$/,
  zone: /^\/zone\/[^/]+$/,
} as const;

export type MemberShell = keyof typeof MEMBER_SHELLS;

/** The shells a visitor's request is painted into too (home is a member's only). */
export const VISITOR_SHELLS: ReadonlySet<MemberShell> = new Set(['profile', 'post', 'zone']);

/** The folder of the build that holds them (`shells/fr/home.html`). */
export const MEMBER_SHELL_DIR = 'shells';

/**
 * Set on the shell's root element: the server answered with a member's shell, so the request carried
 * a session cookie (which the page cannot read) and the app may ask for the page's data at once.
 */
export const MEMBER_SHELL_ATTRIBUTE = 'data-member-shell';

/**
 * Marks the painted pages' start script (apps/web/build/painted-start.ts) in a member shell: a module
 * script that is not the page's entry, which the kept copy of home names its build by.
 */
export const PAINTED_START_ATTRIBUTE = 'data-painted-start';

/** The shell of the page at `path` (no trailing slash, no query), or null. */
export function memberShellOfPath(path: string): MemberShell | null {
  const names = Object.keys(MEMBER_SHELLS) as MemberShell[];
  return names.find((name) => MEMBER_SHELLS[name].test(path)) ?? null;
}

/** The build's shell of a member page in a language, relative to the build's root. */
export function memberShellFile(shell: MemberShell, language: InterfaceLanguage): string {
  return `${MEMBER_SHELL_DIR}/${language}/${shell}.html`;
}

/** Every member shell the build writes. */
export function memberShellFiles(): string[] {
  return INTERFACE_LANGUAGES.flatMap((language) =>
    (Object.keys(MEMBER_SHELLS) as MemberShell[]).map((shell) => memberShellFile(shell, language)),
  );
}
