import { INTERFACE_LANGUAGES, type InterfaceLanguage } from './languages.ts';

/**
 * The member pages the web build writes an app shell of their own for (apps/web/build/member-shells.ts):
 * index.html naming the page's chunks, style sheets and texts (modulepreload, preload), so a cold
 * visit downloads them beside the entry instead of after it has run (bar B4). The server answers
 * these paths with it for a request carrying a session cookie, in the language the app will start
 * in; anyone else, and the service worker, get the plain app shell.
 */
export const MEMBER_SHELLS = {
  '/home': 'home',
} as const;

export type MemberShellPath = keyof typeof MEMBER_SHELLS;

/** The folder of the build that holds them (`shells/fr/home.html`). */
export const MEMBER_SHELL_DIR = 'shells';

/**
 * Set on the shell's root element: the server answered with a member's shell, so the request carried
 * a session cookie (which the page cannot read) and the app may ask for the page's data at once.
 */
export const MEMBER_SHELL_ATTRIBUTE = 'data-member-shell';

export const isMemberShellPath = (path: string): path is MemberShellPath =>
  Object.hasOwn(MEMBER_SHELLS, path);

/** The build's shell of a member page in a language, relative to the build's root. */
export function memberShellFile(path: MemberShellPath, language: InterfaceLanguage): string {
  return `${MEMBER_SHELL_DIR}/${language}/${MEMBER_SHELLS[path]}.html`;
}

/** Every member shell the build writes. */
export function memberShellFiles(): string[] {
  return INTERFACE_LANGUAGES.flatMap((language) =>
    (Object.keys(MEMBER_SHELLS) as MemberShellPath[]).map((path) => memberShellFile(path, language)),
  );
}
