import { NavigationProgress } from '@mantine/nprogress';
// After the component, so these come after the core Progress styles they refine.
import '@mantine/nprogress/styles.css';

/** The thin loading bar at the top while a page loads (driven by NavigationGuard through `nprogress`). */
export function NavigationProgressBar() {
  return <NavigationProgress size={3} />;
}
