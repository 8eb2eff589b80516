import { describe, expect, it } from 'vitest';
import { memberShellFile, memberShellFiles, memberShellOfPath, VISITOR_SHELLS } from './member-shells.ts';

describe('member shells', () => {
  it('name the page a path opens, and none for its sub-pages or other pages', () => {
    expect(memberShellOfPath('/home')).toBe('home');
    expect(memberShellOfPath('/profile/3f1c')).toBe('profile');
    expect(memberShellOfPath('/post/9a')).toBe('post');
    expect(memberShellOfPath('/zone/77')).toBe('zone');
    for (const other of ['/zone/77/members', '/profile', '/homes', '/', '/settings/privacy'])
      expect(memberShellOfPath(other), other).toBeNull();
  });

  it('paint home for members only, the pages a link opens for visitors too', () => {
    expect([...VISITOR_SHELLS].sort()).toEqual(['post', 'profile', 'zone']);
  });

  it('are written in each language', () => {
    expect(memberShellFile('post', 'fr')).toBe('shells/fr/post.html');
    expect(memberShellFiles()).toHaveLength(12);
  });
});
