import type { AppPlugin } from '@capacitor/app';

/** Where the back button leaves the app: the start page (a visitor's welcome) and a member's home. */
const HOME_PATHS = new Set(['/', '/home']);

/** The router's side the back button needs (a React Router data router). */
export type BackButtonRouter = {
  state: { location: { pathname: string; search: string; hash: string } };
  navigate(delta: number): unknown;
};

/**
 * Android's back button (a listener replaces the system's default): one page back in the app's
 * history, or out of the app at home or with no page behind, as Android apps do.
 */
export async function followBackButton(
  app: Pick<AppPlugin, 'addListener' | 'exitApp'>,
  router: BackButtonRouter,
): Promise<void> {
  await app.addListener('backButton', ({ canGoBack }) => {
    if (canGoBack && !HOME_PATHS.has(router.state.location.pathname)) void router.navigate(-1);
    else void app.exitApp();
  });
}
