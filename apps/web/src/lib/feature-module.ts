import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { ProfileTabsSlot } from '../ui/profile-tabs-slot.ts';
import type { ZoneFeedSlot } from '../ui/zone-feed-slot.ts';
import type { Namespace } from './i18n.ts';

/**
 * What a web feature plugs into the app (decision 0036): `app-features.ts` lists every feature's
 * module in one ordered array, from which `router.tsx` and the guard compose the routes; its part of
 * the home layout (hosts, tabs) is `<name>.home.tsx`, listed in the same order by layouts/home-parts.ts.
 */
export type FeatureModule = {
  name: string;
  /** Its routes, by the layout they open in; given what other features lend to its screens. */
  routes?: (slots: Slots) => FeatureRoutes;
  /** What it lends to other features' screens, loaded when they open. */
  slots?: Slots;
  /** The texts its part of the home layout (`<name>.home.tsx`, layouts/home-parts.ts) shows. */
  homeNamespaces?: Namespace[];
};

/**
 * The layouts routes open in: the visitors' pages, the member area (the home layout and its tabs),
 * Settings and Premium. Paths are absolute in the first two, relative in the others.
 */
export type Area = 'public' | 'member' | 'settings' | 'premium';
export type FeatureRoutes = Partial<Record<Area, RouteObject[]>>;

/**
 * Who opens a page besides a member past onboarding (layouts/guard.ts), declared on the route
 * (`openTo`): `guest` a visitor only (a member goes home), `visitor` anyone, `info` anyone, a
 * member in the middle of onboarding too. Without it a page is a member's.
 */
export type Access = 'guest' | 'visitor' | 'info';

/**
 * The places where one feature's piece shows on another's screen: the route composes them, so
 * neither feature imports the other (their graph has no cycle, feature-graph.test.ts).
 */
export type Slots = {
  /** Above home's lists (the posts feature's story tray); `lead` goes first in its row. */
  homeStories?: () => Promise<ComponentType<{ lead?: ReactNode }>>;
  /** First in home's stories row: the members on air (the lives feature's LIVE rings, `<li>`s). */
  homeLives?: () => Promise<ComponentType>;
  /** At the top of home: the member's moderation notices (the moderation feature's banner). */
  homeNotices?: () => Promise<ComponentType>;
  /** A profile's tabs, on the account page and a member's profile (the posts feature's). */
  profileTabs?: () => Promise<ProfileTabsSlot>;
  /** A zone's feed, on its page and a member seen through it (the posts feature's). */
  zoneFeed?: () => Promise<ZoneFeedSlot>;
  /** What the lists the app returns to forget of a member just reported (discovery's). */
  forgetReportedMember?: () => Promise<(queryClient: QueryClient, memberId: string) => void>;
};

/** A tab of the member's main navigation (the bottom bar on phones, the side bar on wide screens). */
export type NavTab = { to: string; key: string; Icon: ComponentType<{ size?: number; stroke?: number }> };

/** A feature's part of the home layout (layouts/home-layout.tsx), in `features/<name>/<name>.home.tsx`. */
export type HomePart = {
  /** Mounted beside every member screen, inside the member's socket: dialogs, realtime listeners. */
  hosts?: ComponentType<{ userId: string | null }>[];
  /** Its tabs, in the array's order. */
  tabs?: NavTab[];
  /** Other screens with the phone header (the tabs' own have it). */
  headed?: string[];
  /** Screens under these path prefixes take the whole phone screen: no header, no tab bar. */
  fullScreen?: string[];
  /** Shown beside the mark, in the header or the side bar (the notifications' bell). */
  headerAction?: ComponentType;
  /** A tab's count (side bar) and its dot around the icon (tab bar). */
  tabBadges?: {
    Count: ComponentType<{ to: string }>;
    Indicator: ComponentType<{ to: string; children: ReactNode }>;
  };
};
