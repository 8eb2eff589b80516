import { nprogress, NavigationProgress } from '@mantine/nprogress';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useMeQuery } from '../features/users/users.api.ts';
import { setNavigator } from '../lib/navigation.ts';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { guardRedirect } from './guard.ts';

/** The navigation guard of SPEC.md section 2, and the page loading bar. */
export function NavigationGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const me = useMeQuery();

  useEffect(() => setNavigator((path) => void navigate(path)), [navigate]);
  useEffect(() => {
    if (navigation.state === 'loading') nprogress.start();
    else nprogress.complete();
  }, [navigation.state]);

  if (me.isPending) return <PageSkeleton />;
  const redirect = guardRedirect(location.pathname, location.search, me.data ?? null);
  return (
    <>
      <NavigationProgress size={3} />
      {redirect ? <Navigate replace to={redirect} /> : <Outlet />}
    </>
  );
}
