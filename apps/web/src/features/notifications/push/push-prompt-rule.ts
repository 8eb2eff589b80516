import type { PushPermission, PushSupport } from '../../../lib/platform/push.ts';

/** What the prompt offers after a meaningful moment: our explanation, the install hint, or nothing. */
export type PushOffer = 'explain' | 'install' | null;

export type PushPromptState = {
  support: PushSupport;
  /** The device's permission (lib/platform/push.ts); 'default' when it has none. */
  permission: PushPermission;
  /** A refusal less than PUSH_PROMPT_REFUSAL_S old (push-refusal.ts). */
  refusedRecently: boolean;
  /** This device already sends this member's pushes. */
  onHere: boolean;
  /** The prompt came once in this visit already (asked, or answered). */
  offeredThisVisit: boolean;
};

/**
 * The prompt's rule, after a meaningful moment (a match, a message sent or received). Never twice in a
 * visit, never within a refusal's time; never where push cannot work (the settings section says so
 * there, rather than a dialog after each message); on an iPhone outside the installed app, the way to
 * install; never when the browser already blocks it (only its own settings can undo that) or when
 * push is already on here.
 */
export function pushOffer(state: PushPromptState): PushOffer {
  if (state.offeredThisVisit || state.refusedRecently) return null;
  if (state.support === 'unsupported') return null;
  if (state.support === 'needs-install') return 'install';
  if (state.permission === 'denied') return null;
  if (state.permission === 'granted' && state.onHere) return null;
  return 'explain';
}
