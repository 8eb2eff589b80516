import { NavigationProgress, nprogressStore, useNprogress } from '@mantine/nprogress';
import { useTranslation } from 'react-i18next';
// After the component, so these come after the core Progress styles they refine.
import '@mantine/nprogress/styles.layer.css';

/**
 * The thin loading bar at the top while a page loads (driven by NavigationGuard through `nprogress`).
 * While a page loads it is a progress bar named for what it measures; the rest of the time it is an
 * invisible bar at 0 % that assistive technology must not find (axe-core: aria-progressbar-name).
 */
export function NavigationProgressBar() {
  const { t } = useTranslation();
  const { mounted } = useNprogress(nprogressStore);
  return (
    <NavigationProgress size={3} aria-label={t('nav.loading')} aria-hidden={mounted ? undefined : true} />
  );
}
