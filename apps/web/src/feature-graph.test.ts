import { crossFeatureImports, describeCycles } from '@motema/feature-graph';
import { describe, expect, it } from 'vitest';

/**
 * The web features import each other in one direction only (decision 0015, as on the server): a
 * feature that embeds another's component or uses its data hooks is never used back by it, even
 * through a third. Tests are left out: a test may use another feature's fixtures.
 */
describe('the web feature graph', () => {
  // Through a variable: Vite rewrites `new URL('...', import.meta.url)` into the address of a served asset.
  const here = import.meta.url;
  const edges = crossFeatureImports(new URL('./features/', here));

  it('is read from the features folder (.ts and .tsx)', () => {
    // A guard against a graph that passes because it is empty: the account page embeds media's gallery.
    expect(edges).toContainEqual(expect.objectContaining({ from: 'users', to: 'media' }));
    expect(edges.some(({ file }) => file.endsWith('.tsx'))).toBe(true);
  });

  it('has no cycle: a feature never depends, even through others, on a feature that depends on it', () => {
    // A failure lists each cycle and the imports that make it.
    expect(describeCycles(edges)).toEqual([]);
  });
});
