import { describe, expect, it } from 'vitest';
import { nextStepState, stepDepth } from './onboarding-steps.ts';

describe('the steps counted under an onboarding screen', () => {
  it('counts one more for each step opened from the one before', () => {
    expect(stepDepth(null)).toBe(0);
    expect(nextStepState(null)).toEqual({ fromPreviousStep: true, depth: 1 });
    expect(stepDepth(nextStepState(nextStepState(null)))).toBe(2);
  });

  it('counts none under a state an older version of the app wrote, without the count', () => {
    expect(stepDepth({ fromPreviousStep: true })).toBe(0);
    expect(stepDepth({ fromPreviousStep: true, depth: 'two' })).toBe(0);
    expect(nextStepState({ fromPreviousStep: true })).toEqual({ fromPreviousStep: true, depth: 1 });
  });
});
