import type { ComponentType, ReactNode } from 'react';

/**
 * The profile's tabs (pictures, videos, podcasts, stories), as the screens that show a profile take
 * them: the posts feature's component, lent through a slot and handed over by the route (lib/feature-module.ts), so neither discovery
 * nor users depends on posts (which depends on them, decision 0015).
 */
export type ProfileTabsProps = {
  userId: string;
  /** The member's own profile: the add actions show. */
  own: boolean;
  /** The member's first name, isolated (`isolate`), as the tabs' texts say it. */
  name: string;
  /** What the pictures tab shows before the photo posts (the account page: the profile's photos). */
  pictures?: ReactNode;
};

export type ProfileTabsSlot = ComponentType<ProfileTabsProps>;
