import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { initI18n } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { router } from './router.tsx';
import { cssVariablesResolver, theme } from './ui/theme.ts';
import { PageSkeleton } from './ui/page-skeleton.tsx';

await initI18n();
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <Notifications position="top-center" limit={3} />
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageSkeleton />}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
