import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './lib/query-client.ts';
import { cssVariablesResolver, theme } from './ui/theme.ts';
import { PageSkeleton } from './ui/page-skeleton.tsx';
import { idleLazy } from './ui/idle-lazy.tsx';

// A notice shown before its container is there waits in the notifications store, then appears.
const NotificationsHost = idleLazy(() =>
  import('./ui/notifications-host.tsx').then((module) => module.NotificationsHost),
);

/**
 * The whole app around a router: the browser's in main.tsx, a memory router when the build
 * prerenders the public pages (prerender.tsx), so the HTML it writes is what the browser hydrates.
 */
export function AppRoot({ router }: { router: DataRouter }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        <NotificationsHost />
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<PageSkeleton />}>
            <RouterProvider router={router} />
          </Suspense>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
