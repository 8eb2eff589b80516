import { describe, expect, it } from 'vitest';
import { filesLoadedBefore } from './files-loaded-before.ts';

const entry = (name: string) => ({ name }) as PerformanceEntry;

describe('the files loaded before the service worker took the page over', () => {
  it('are the app’s own hashed files, whatever else the page asked for', () => {
    const entries = [
      entry('https://motema.app/assets/index-Ab12.js'),
      entry('https://motema.app/assets/persisted-queries-3lp5.js'),
      entry('https://motema.app/assets/home-Cd34.css'),
      entry('https://motema.app/api/users/profile'),
      entry('https://motema.app/locales/en/common.json'),
      entry('https://cdn.example/assets/other.js'),
    ];
    expect(filesLoadedBefore(entries, 'https://motema.app')).toEqual([
      '/assets/index-Ab12.js',
      '/assets/persisted-queries-3lp5.js',
      '/assets/home-Cd34.css',
    ]);
  });
});
