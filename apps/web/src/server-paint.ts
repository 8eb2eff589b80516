/**
 * The server's build of the app starts here (vite.server.config.ts, decision 0057): `createPainter`
 * gives the server a function that paints a page for a visit into the build's shell of that page
 * (@motema/shared/member-shells), as the build prerenders the public pages: the markup in the root,
 * the styles it paints with inline and the full sheets after the paint (build/prerender-html.ts,
 * build/critical-css.ts), and the API's answers it was drawn from after the root
 * (lib/server-painted.ts), so the browser paints before any script and takes over without asking again.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { criticalCss } from '../build/critical-css.ts';
import { codeAfterContent, prerenderedHtml } from '../build/prerender-html.ts';
import { PAINTED_ANSWERS_ID, paintedAnswersJson, SERVER_PAINTED_ATTRIBUTE } from './lib/server-painted.ts';
import { renderVisit, type ServerVisit } from './server-render.tsx';

export type { ServerVisit } from './server-render.tsx';

type Shell = { html: string; sheets: string[]; css: string };

const SHEET = /<link rel="(?:stylesheet|preload" as="style)"[^>]*href="\/([^"]+\.css)"/g;

/** Paints the page `visit` asks for into the shell `shellFile` (relative to the build); null when the page sends the visit elsewhere. */
export type Painter = (visit: ServerVisit, shellFile: string) => Promise<string | null>;

/** A painter over the browser build in `distDir`, whose shells and sheets it reads once each. */
export function createPainter(distDir: string): Painter {
  const shells = new Map<string, Promise<Shell>>();
  const shellOf = (file: string) => {
    let shell = shells.get(file);
    if (!shell) {
      shell = readShell(distDir, file);
      shells.set(file, shell);
      shell.catch(() => shells.delete(file));
    }
    return shell;
  };
  return async (visit, shellFile) => {
    const [page, shell] = await Promise.all([renderVisit(visit), shellOf(shellFile)]);
    if (page.kind !== 'page') return null;
    return codeAfterContent(
      prerenderedHtml(shell.html, {
        path: new URL(visit.url, 'http://page').pathname,
        language: visit.language,
        body: page.html,
        title: page.title,
        css: criticalCss(shell.css, page.html),
        stylesheets: shell.sheets,
        modulePreloads: [],
        rootAttribute: SERVER_PAINTED_ATTRIBUTE,
        afterRoot: `<script type="application/json" id="${PAINTED_ANSWERS_ID}">${paintedAnswersJson(page.answers)}</script>`,
      }),
    );
  };
}

async function readShell(distDir: string, file: string): Promise<Shell> {
  const html = await readFile(path.join(distDir, file), 'utf8');
  const sheets = [...html.matchAll(SHEET)].map((match) => match[1]!);
  const css = await Promise.all(sheets.map((sheet) => readFile(path.join(distDir, sheet), 'utf8')));
  return { html, sheets, css: css.join('\n') };
}
