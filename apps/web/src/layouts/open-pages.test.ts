import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isOpenPath } from '@motema/shared/open-pages';
import { APP } from '../app-features.ts';

/**
 * The server sends a visitor to the start page by the build's list of open pages and the shared
 * `isOpenPath` (apps/server/src/plugins/visitor-start.ts); the guard, by React Router's `matchPath`:
 * both must answer alike for every open page and paths around it.
 */
describe('isOpenPath', () => {
  const patterns = APP.openPages.map((page) => page.path);
  const pathsAround = (pattern: string) => {
    const filled = pattern.replace(/:[^/]+/g, 'a1B2');
    return [
      filled,
      filled.toUpperCase(),
      `${filled}/more`,
      filled.split('/').slice(0, -1).join('/') || '/',
      pattern.replace(/:[^/]+/g, ''),
      `/x${filled}`,
    ];
  };

  it('answers as React Router matches the open pages', () => {
    expect(patterns.length).toBeGreaterThan(5);
    for (const pattern of patterns) {
      for (const path of pathsAround(pattern)) {
        const routed = patterns.some((open) => matchPath(open, path) !== null);
        expect([pattern, path, isOpenPath(patterns, path)]).toEqual([pattern, path, routed]);
      }
    }
  });

  it('keeps the members’ pages closed', () => {
    for (const path of ['/home', '/conversations', '/zones', '/zone/42/members', '/settings/profile'])
      expect([path, isOpenPath(patterns, path)]).toEqual([path, false]);
  });
});
