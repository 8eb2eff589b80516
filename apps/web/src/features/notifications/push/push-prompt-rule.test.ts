import { describe, expect, it } from 'vitest';
import { pushOffer, type PushPromptState } from './push-prompt-rule.ts';

const fresh: PushPromptState = {
  support: 'supported',
  permission: 'default',
  refusedRecently: false,
  onHere: false,
  offeredThisVisit: false,
};

describe('what the push prompt offers after a meaningful moment', () => {
  it('offers our explanation first where push can work and was never answered', () => {
    expect(pushOffer(fresh)).toBe('explain');
    // Granted for this site (another member, or before a logout) but not on for this member here.
    expect(pushOffer({ ...fresh, permission: 'granted' })).toBe('explain');
  });

  it('offers nothing within a refusal, twice in a visit, when already on, or when the browser blocks it', () => {
    expect(pushOffer({ ...fresh, refusedRecently: true })).toBeNull();
    expect(pushOffer({ ...fresh, offeredThisVisit: true })).toBeNull();
    expect(pushOffer({ ...fresh, permission: 'granted', onHere: true })).toBeNull();
    expect(pushOffer({ ...fresh, permission: 'denied' })).toBeNull();
  });

  it('on an iPhone outside the installed app, offers the way to install; nothing where push cannot work', () => {
    expect(pushOffer({ ...fresh, support: 'needs-install' })).toBe('install');
    expect(pushOffer({ ...fresh, support: 'needs-install', refusedRecently: true })).toBeNull();
    expect(pushOffer({ ...fresh, support: 'unsupported' })).toBeNull();
  });
});
