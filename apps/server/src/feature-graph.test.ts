import { crossFeatureImports, describeCycles } from '@motema/feature-graph';
import { describe, expect, it } from 'vitest';

/**
 * The server's features import each other in one direction only (decision 0015): a feature that
 * calls another's service, presenter or policy is never called back by it, even through a third.
 * One that needs to tell another "up" the graph emits on the event port (decision 0017).
 */
describe('the server feature graph', () => {
  const edges = crossFeatureImports(new URL('./features/', import.meta.url));

  it('is read from the features folder', () => {
    // A guard against a graph that passes because it is empty: discovery shows media's photos.
    expect(edges).toContainEqual(expect.objectContaining({ from: 'discovery', to: 'media' }));
  });

  it('has no cycle: a feature never depends, even through others, on a feature that depends on it', () => {
    // A failure lists each cycle and the imports that make it.
    expect(describeCycles(edges)).toEqual([]);
  });
});
