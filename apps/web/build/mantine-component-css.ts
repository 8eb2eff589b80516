import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/** `@mantine/core/esm/components/Button/Button.module.mjs` -> `Button`: the class names of one component. */
const CLASSES_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/;
const GLOBAL_CSS = /[\\/]@mantine[\\/]core[\\/]styles[\\/]global\.layer\.css$/;

/**
 * Mantine's styles per component instead of its whole `styles.css` (31 KB brotli on the start page
 * for ~120 components, of which a page shows a dozen). Every component of `@mantine/core` reads its
 * class names from `<Name>.module.mjs`, and `@mantine/core/styles/<Name>.layer.css` holds exactly those
 * classes (one file for each). In a build, this plugin makes each `<Name>.module.mjs` import its CSS,
 * so a component's styles land in the chunk that holds the component: the start page carries the
 * styles of what it shows, a lazy route brings those of its own components, and a component no page
 * uses brings nothing. The import comes last in the module, after the component's own imports, so the
 * styles of the parts a component is built on (UnstyledButton for Button) come first, as Mantine asks.
 * `main.tsx` imports the global styles (baseline, CSS variables, global) first. Each file is the
 * `.layer.css` one, in Mantine's cascade layer: the app's CSS modules win over it whatever the order of
 * the sheets (decision 0060).
 *
 * The dev server pre-bundles dependencies, out of reach of this transform: there `global.layer.css` is
 * served as the whole `styles.layer.css` instead.
 */
export function mantineComponentCss(): Plugin {
  let serve = false;
  return {
    name: 'motema-mantine-component-css',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    load: {
      filter: { id: GLOBAL_CSS },
      async handler(id) {
        if (!serve || !GLOBAL_CSS.test(id)) return null;
        const require = createRequire(import.meta.url);
        return readFile(require.resolve('@mantine/core/styles.layer.css'), 'utf8');
      },
    },
    transform: {
      filter: { id: CLASSES_MODULE },
      handler(code, id) {
        const name = CLASSES_MODULE.exec(id)?.[1];
        if (serve || !name) return null;
        return { code: `${code}\nimport '@mantine/core/styles/${name}.layer.css';\n`, map: null };
      },
    },
  };
}
