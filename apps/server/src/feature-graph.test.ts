import { describe, expect, it } from 'vitest';
import { crossFeatureImports, cyclesOf } from './test/feature-graph.ts';

describe('the feature graph', () => {
  it('has no cycle: a feature never depends, even through others, on a feature that depends on it', () => {
    const edges = crossFeatureImports();
    // A failure lists each cycle and the imports that make it.
    const cycles = cyclesOf(edges).map((cycle) =>
      cycle.slice(1).map((to, i) => {
        const from = cycle[i]!;
        const files = edges.filter((edge) => edge.from === from && edge.to === to).map((edge) => edge.file);
        return `${from} -> ${to} (${[...new Set(files)].join(', ')})`;
      }),
    );
    expect(cycles).toEqual([]);
  });

  it('finds a cycle through several features, and none in a chain', () => {
    const chain = [
      { from: 'auth', to: 'users' },
      { from: 'users', to: 'media' },
      { from: 'auth', to: 'media' },
    ];
    expect(cyclesOf(chain)).toEqual([]);
    expect(cyclesOf([...chain, { from: 'media', to: 'auth' }])).toEqual([['auth', 'users', 'media', 'auth']]);
  });
});
