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

await initI18n();
registerServiceWorker();
// The error and validation texts, not needed by the start page: fetched once it is up.
whenIdle(() => void loadSharedNamespaces());

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
