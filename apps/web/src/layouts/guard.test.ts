import { describe, expect, it } from 'vitest';
import { buildMe } from '../test/render-page.tsx';
import { buildImage } from '../features/media/media-fixtures.ts';
import { setPhotoStepDue } from '../lib/photo-step.ts';
import { guardRedirect } from './guard.ts';

const member = buildMe;

describe('guardRedirect for a visitor', () => {
  it.each([
    '/',
    '/login',
    '/register',
    '/otp',
    '/reset-password',
    '/password',
    '/profile/42',
    '/post/7',
    '/zone/3',
    '/terms-and-conditions',
    '/safety-standards',
    '/privacy-policy',
    '/cookie-policy',
    '/about',
  ])('lets a visitor open %s', (path) => {
    expect(guardRedirect(path, '', null)).toBeNull();
  });

  it.each([
    '/home',
    '/swap',
    '/account',
    '/conversations',
    '/messages/1',
    '/zones',
    '/settings',
    '/settings/match',
    '/premium',
    '/zone/3/members',
  ])('sends a visitor from %s to start with from', (path) => {
    expect(guardRedirect(path, '?x=1', null)).toBe(`/?from=${encodeURIComponent(`${path}?x=1`)}`);
  });
});

describe('guardRedirect for a member', () => {
  it.each(['/', '/login', '/register', '/reset-password'])(
    'sends a connected member from %s to home',
    (path) => {
      expect(guardRedirect(path, '', member())).toBe('/home');
    },
  );

  it('lets a complete member in', () => {
    expect(guardRedirect('/home', '', member())).toBeNull();
    expect(guardRedirect('/settings/password', '', member())).toBeNull();
  });

  it('sends a member without first name or sex to the profile settings', () => {
    expect(guardRedirect('/home', '', member({ firstName: null }))).toBe('/settings/profile');
    expect(guardRedirect('/swap', '', member({ sex: null }))).toBe('/settings/profile');
    expect(guardRedirect('/settings/profile', '', member({ sex: null }))).toBeNull();
  });

  it('sends a member with an empty match sex list to the match settings', () => {
    const me = member({ match: { sex: [], ageMin: 18, ageMax: 99, distance: 100, verifiedOnly: false } });
    expect(guardRedirect('/home', '', me)).toBe('/settings/match');
    expect(guardRedirect('/settings/match', '', me)).toBeNull();
  });

  it('asks for the profile before the match preferences', () => {
    const me = member({
      sex: null,
      match: { sex: [], ageMin: 18, ageMax: 99, distance: 100, verifiedOnly: false },
    });
    expect(guardRedirect('/settings/match', '', me)).toBe('/settings/profile');
  });

  it('lets a member in onboarding back to a step before the one due, not past it', () => {
    const me = member({ match: { sex: [], ageMin: 18, ageMax: 99, distance: 100, verifiedOnly: false } });
    expect(guardRedirect('/settings/profile', '', me)).toBeNull();
    expect(guardRedirect('/settings/photo', '', me)).toBe('/settings/match');
    const photoDue = member();
    setPhotoStepDue(photoDue._id, true);
    expect(guardRedirect('/settings/match', '', photoDue)).toBeNull();
    expect(guardRedirect('/settings/profile', '', photoDue)).toBeNull();
    expect(guardRedirect('/settings/password', '', photoDue)).toBe('/settings/photo');
    setPhotoStepDue(photoDue._id, false);
  });

  it('sends a member whose photo step is due on this device to it, until a photo or a skip ends it', () => {
    const me = member();
    setPhotoStepDue(me._id, true);
    expect(guardRedirect('/swap', '', me)).toBe('/settings/photo');
    expect(guardRedirect('/settings/photo', '', me)).toBeNull();
    expect(guardRedirect('/home', '', { ...me, avatar: buildImage('p1') })).toBeNull();
    setPhotoStepDue(me._id, false);
    expect(guardRedirect('/swap', '', me)).toBeNull();
    // Another member on the same device has nothing due.
    setPhotoStepDue(me._id, true);
    expect(guardRedirect('/swap', '', member({ _id: 'someone-else' }))).toBeNull();
    setPhotoStepDue(me._id, false);
  });

  it('lets an incomplete member read the legal pages', () => {
    expect(guardRedirect('/terms-and-conditions', '', member({ firstName: null }))).toBeNull();
  });
});
