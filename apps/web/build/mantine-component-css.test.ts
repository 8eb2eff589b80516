import { describe, expect, it } from 'vitest';
import { mantineComponentCss } from './mantine-component-css.ts';

type Hook = { handler: (...args: unknown[]) => unknown };

/** The plugin as a build runs it (not the dev server). */
function builtPlugin() {
  const plugin = mantineComponentCss();
  (plugin.configResolved as (config: { command: string }) => void)({ command: 'build' });
  return plugin;
}

describe("Mantine's styles per component", () => {
  it("makes a component's class names import its styles in Mantine's cascade layer (decision 0060)", () => {
    const transform = builtPlugin().transform as unknown as Hook;
    const id = '/app/node_modules/@mantine/core/esm/components/ThemeIcon/ThemeIcon.module.mjs';
    const result = transform.handler('export default {};', id) as { code: string };
    expect(result.code).toContain("import '@mantine/core/styles/ThemeIcon.layer.css';");
    expect(transform.handler('export default {};', '/app/src/ui/theme.ts')).toBe(null);
  });
});
