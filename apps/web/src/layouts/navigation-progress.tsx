import { NavigationProgress, nprogress, nprogressStore, useNprogress } from '@mantine/nprogress';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
// After the component, so these come after the core Progress styles they refine.
import '@mantine/nprogress/styles.layer.css';

/**
 * The thin loading bar at the top while a page loads (`loading`: NavigationGuard's navigation state).
 * While a page loads it is a progress bar named for what it measures; the rest of the time it is an
 * invisible bar at 0 % that assistive technology must not find (axe-core: aria-progressbar-name).
 * Loaded when the page is idle (ui/idle-lazy.tsx) with the `nprogress` store it drives, so neither is
 * on the start page's critical path (bar B5).
 */
export function NavigationProgressBar({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  const { mounted } = useNprogress(nprogressStore);
  useEffect(() => {
    if (loading) nprogress.start();
    else nprogress.complete();
  }, [loading]);
  return (
    <NavigationProgress size={3} aria-label={t('nav.loading')} aria-hidden={mounted ? undefined : true} />
  );
}
