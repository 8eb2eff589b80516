import type { RouteObject } from 'react-router';
import type { Access, Area, FeatureModule, Slots } from './feature-module.ts';
import type { Namespace } from './i18n.ts';

/** A page opened to more than members past onboarding (lib/feature-routes.tsx `openTo`). */
export type OpenPage = { path: string; access: Access };

export type ComposedFeatures = {
  /** The routes of every feature opening in `area`, in the array's order. */
  routesOf: (area: Area) => RouteObject[];
  /** The visitors' and the member area's pages open to more than members (layouts/guard.ts). */
  openPages: OpenPage[];
  /** The texts the home layout loads with the features' parts. */
  homeNamespaces: Namespace[];
};

/** What the router and the home layout are made of: the features' declarations, in their order. */
export function composeFeatures(features: readonly FeatureModule[]): ComposedFeatures {
  const slots: Slots = Object.assign({}, ...features.map((feature) => feature.slots));
  const routes = features.map((feature) => feature.routes?.(slots) ?? {});
  const routesOf = (area: Area) => routes.flatMap((byArea) => byArea[area] ?? []);
  return {
    routesOf,
    openPages: [...routesOf('public'), ...routesOf('member')].flatMap((route) =>
      route.handle?.access ? [{ path: route.path!, access: route.handle.access as Access }] : [],
    ),
    homeNamespaces: features.flatMap((feature) => feature.homeNamespaces ?? []),
  };
}
