import type { RouteObject } from 'react-router';
import { PendingScreen } from '../ui/pending-screen.tsx';
import type { Access } from './feature-module.ts';
import { loadNamespaces, loadSharedNamespaces, type Namespace } from './i18n.ts';

type Loader = () => Promise<{ [name: string]: React.ComponentType }>;

/**
 * A lazy route: the page's chunk loads on first visit together with its namespaces and the error
 * and validation texts every page but the start page may show (lib/i18n.ts), so it renders complete.
 */
export function page(
  path: string | undefined,
  load: Loader,
  name: string,
  namespaces: Namespace[] = [],
): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    lazy: async () => {
      const [module] = await Promise.all([load(), loadSharedNamespaces(), loadNamespaces(namespaces)]);
      return { Component: module[name] };
    },
  } as RouteObject;
}

/** A lazy layout (or the start page): its chunk and its namespaces, without the shared texts. */
export function layout(load: () => Promise<React.ComponentType>, namespaces: Namespace[] = []) {
  return async () => {
    const [Component] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component };
  };
}

/** A screen a later part of the product fills; reachable so navigation and the guard work today. */
export function pending(path: string | undefined, titleKey: string): RouteObject {
  const element = <PendingScreen titleKey={titleKey} />;
  return path === undefined ? { index: true, element } : { path, element };
}

/** The route, opened to more than members past onboarding (layouts/guard.ts reads it). */
export const openTo = (access: Access, route: RouteObject): RouteObject => ({ ...route, handle: { access } });
