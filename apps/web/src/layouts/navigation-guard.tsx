import { useEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { useMeQuery } from '../features/users/users.api.ts';
import { changeLanguage, currentLanguage } from '../lib/i18n.ts';
import { mirrorLanguageChoice } from '../lib/language-cookie.ts';
import { setNeutralTitles } from '../lib/use-document-title.ts';
import { clearExitPath, pendingExitPath, setNavigator } from '../lib/navigation.ts';
import { landed, landingDue } from '../lib/onboarding-end.ts';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { idleLazy } from '../ui/idle-lazy.tsx';
import { guardRedirect } from './guard.ts';
import { FirstPageScroll, scrollKey } from './scroll-position.tsx';

const NavigationProgressBar = idleLazy(() =>
  import('./navigation-progress.tsx').then((module) => module.NavigationProgressBar),
);

/** The navigation guard of SPEC.md section 2, and the page loading bar. */
export function NavigationGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const me = useMeQuery();

  useEffect(() => setNavigator((path) => void navigate(path)), [navigate]);
  // A member's stored language follows them to every device they log in on; the cookie holds it
  // even when it is already the one shown, so the next visit starts in it (lib/language-cookie.ts).
  const memberLanguage = me.data?.language;
  useEffect(() => {
    if (!memberLanguage) return;
    if (memberLanguage !== currentLanguage()) void changeLanguage(memberLanguage);
    else mirrorLanguageChoice(memberLanguage);
  }, [memberLanguage]);
  // Discreet mode: the tab says "Motema" only, on every page (lib/use-document-title.ts).
  const discreet = me.data?.discreet === true;
  useEffect(() => setNeutralTitles(discreet), [discreet]);

  const exitPath = me.data ? null : pendingExitPath();
  const exitReached = exitPath !== null && exitPath.split('?')[0] === location.pathname;
  useEffect(() => {
    if (exitReached) clearExitPath();
  }, [exitReached]);

  // Onboarding went back to its first step's entry: the page it ends on takes its place.
  const landing = landingDue(location.key);
  useEffect(() => {
    if (landing) landed();
  }, [landing]);

  // A session that just ended is on its way to its exit page: wait for it rather than redirect.
  if (me.isPending || (exitPath && !exitReached)) return <PageSkeleton />;
  const redirect = landing ?? guardRedirect(location.pathname, location.search, me.data ?? null);
  return (
    <>
      <NavigationProgressBar loading={navigation.state === 'loading'} />
      {/* A new page opens at its top; back and forward return to where the member was; a first page
          on screen before React stays where it was scrolled. */}
      <FirstPageScroll />
      <ScrollRestoration getKey={scrollKey} />
      {/* One redirect per location: a page opened before the last redirect was drawn (the same
          <Navigate> kept, its effect not run again) is redirected too. */}
      {redirect ? <Navigate key={location.key} replace to={redirect} /> : <Outlet />}
    </>
  );
}
