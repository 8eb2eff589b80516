// Mantine's global styles; each component's own styles come with it (build/mantine-component-css.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { initI18n, loadSharedNamespaces } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import { meQueryOptions } from './features/users/users.api.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { router } from './router.tsx';
import { whenIdle } from './lib/when-idle.ts';
import { cssVariablesResolver, theme } from './ui/theme.ts';
import { PageSkeleton } from './ui/page-skeleton.tsx';
import { idleLazy } from './ui/idle-lazy.tsx';

// A notice shown before its container is there waits in the notifications store, then appears.
const NotificationsHost = idleLazy(() =>
  import('./ui/notifications-host.tsx').then((module) => module.NotificationsHost),
);

// Everything the first page needs starts at once, side by side: the router (created on import)
// already loads the chunks of the page at location.pathname with their namespaces (router.tsx);
// here the profile the guard asks for (the same query, so not asked twice) and the common texts.
const profileAnswered = queryClient.prefetchQuery(meQueryOptions);
await initI18n();
registerServiceWorker();
// The error and validation texts, not needed by the start page: fetched once the first page is up.
void Promise.all([profileAnswered, firstPageLoaded()]).then(() =>
  whenIdle(() => void loadSharedNamespaces()),
);

function firstPageLoaded(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageSkeleton />}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
