import type { ReactElement } from 'react';
import type { Me } from '@motema/shared/users';
import { buildMe, renderPage } from '../../test/render-page.tsx';

/** Test helper: a settings page at `path`, for a connected member. */
export const renderSettingsPage = (path: string, page: ReactElement, me: Me | null = buildMe()) =>
  renderPage(path, page, { me });
