import { webAppLinks } from './web/app-links.ts';

/**
 * Links into the app that the device opens while the app runs (a tapped notification): the router goes
 * there, without reloading the app. Only a path of this app is given, never another site's address.
 */
export type AppLinks = {
  /** Calls `open` with each path the device asks the app to open; returns how to stop. */
  listen(open: (path: string) => void): () => void;
};

/** This platform's app links: the web's, or the native shell's bound in at start (./start.ts, decision 0048). */
export const appLinks: AppLinks = { ...webAppLinks };
