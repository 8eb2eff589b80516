import { describe, expect, it } from 'vitest';
import { onboardingStep } from './onboarding.ts';

describe('onboardingStep', () => {
  const match = { sex: ['male' as const], ageMin: 18, ageMax: 40, distance: 50 };

  it('asks for the profile first, then who to meet, then nothing', () => {
    expect(onboardingStep({ firstName: null, sex: 'female', match })).toBe('profile');
    expect(onboardingStep({ firstName: 'Amani', sex: null, match: { ...match, sex: [] } })).toBe('profile');
    expect(onboardingStep({ firstName: 'Amani', sex: 'female', match: { ...match, sex: [] } })).toBe('match');
    expect(onboardingStep({ firstName: 'Amani', sex: 'female', match })).toBeNull();
  });
});
