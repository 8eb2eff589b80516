import { describe, expect, it } from 'vitest';
import { onboardingStep } from './onboarding.ts';

describe('onboardingStep', () => {
  const match = { sex: ['male' as const], ageMin: 18, ageMax: 40, distance: 50, verifiedOnly: false };

  it('asks for the profile first, then who to meet, then nothing', () => {
    expect(onboardingStep({ firstName: null, sex: 'female', match })).toBe('profile');
    expect(onboardingStep({ firstName: 'Amani', sex: null, match: { ...match, sex: [] } })).toBe('profile');
    expect(onboardingStep({ firstName: 'Amani', sex: 'female', match: { ...match, sex: [] } })).toBe('match');
    expect(onboardingStep({ firstName: 'Amani', sex: 'female', match })).toBeNull();
  });
});

describe('the photo step', () => {
  const done = {
    firstName: 'Amani',
    sex: 'female' as const,
    match: { sex: ['male' as const], ageMin: 18, ageMax: 40, distance: 50, verifiedOnly: false },
  };
  const avatar = {
    _id: 'p1',
    width: 640,
    height: 640,
    placeholder: 'data:image/webp;base64,',
    thumbnail: '/api/photos/p1/thumbnail.webp',
    sources: [],
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('comes after the required steps, while due on the device and the member has no avatar', () => {
    expect(onboardingStep({ ...done, avatar: null }, { photoStepDue: true })).toBe('photo');
    expect(onboardingStep({ ...done, firstName: null, avatar: null }, { photoStepDue: true })).toBe(
      'profile',
    );
  });

  it('is over once skipped (no longer due) or once the member has an avatar', () => {
    expect(onboardingStep({ ...done, avatar: null }, { photoStepDue: false })).toBeNull();
    expect(onboardingStep({ ...done, avatar: null })).toBeNull();
    expect(onboardingStep({ ...done, avatar }, { photoStepDue: true })).toBeNull();
  });
});
