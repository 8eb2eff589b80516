import { afterEach, describe, expect, it } from 'vitest';
import { keepPageAfterOnboarding, pageAfterOnboarding } from './page-after-onboarding.ts';

afterEach(() => localStorage.clear());

describe('the page to open once onboarding is done', () => {
  it('is the page kept, once; else home', () => {
    expect(pageAfterOnboarding()).toBe('/home');
    keepPageAfterOnboarding('/zones?invite=k7P2qx');
    expect(pageAfterOnboarding()).toBe('/zones?invite=k7P2qx');
    expect(pageAfterOnboarding()).toBe('/home');
  });

  it('keeps only a path of this site', () => {
    for (const from of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)']) {
      keepPageAfterOnboarding(from);
      expect(pageAfterOnboarding()).toBe('/home');
    }
  });

  it('gives back nothing off the site, whatever the device holds', () => {
    localStorage.setItem('motema.afterOnboarding', '//evil.example');
    expect(pageAfterOnboarding()).toBe('/home');
  });

  it('forgets an older page when a sign-up comes with none', () => {
    keepPageAfterOnboarding('/profile/u2');
    keepPageAfterOnboarding(null);
    expect(pageAfterOnboarding()).toBe('/home');
  });
});
