import type { HomePart } from '../../lib/feature-module.ts';
import { NavCount, NavIndicator } from './counter-badges.tsx';
import { CountersSync } from './counters-sync.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { PushPromptHost } from './push/push-prompt-host.tsx';

/**
 * The badges and the tab title (CountersSync), web push's prompt after a match or a message and
 * taps on notifications while open (PushPromptHost); the bell beside the mark and the tabs' counts.
 */
export const homePart: HomePart = {
  hosts: [CountersSync, PushPromptHost],
  headed: ['/notifications'],
  headerAction: NotificationBell,
  tabBadges: { Count: NavCount, Indicator: NavIndicator },
};
