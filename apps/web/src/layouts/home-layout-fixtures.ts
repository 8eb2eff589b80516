import type { HomePart } from '../lib/feature-module.ts';
import { HOME_PARTS } from './home-parts.ts';

/** The features' parts of the layout (home-parts.ts), their tabs, bell and badges, without hosts. */
export const layoutParts: HomePart[] = HOME_PARTS.map(({ hosts: _hosts, ...part }) => part);

/** happy-dom's window as wide as a phone (360 px) or a laptop, for the layout's media query. */
export const viewport = (width: number) =>
  (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM.setViewport({
    width,
    height: 740,
  });
