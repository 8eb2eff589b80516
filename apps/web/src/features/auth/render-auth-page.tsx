import type { ReactElement } from 'react';
import { renderPage } from '../../test/render-page.tsx';

/** Test helper: an auth page at `path` (opened at `url`), with no member in the cache. */
export const renderAuthPage = (path: string, page: ReactElement, url = path) =>
  renderPage(path, page, { url });
