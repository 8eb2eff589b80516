import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isAppPath, OPEN_MESSAGE } from './notification-open.ts';

/**
 * A tap on a notification while the app is open: the service worker focuses this window and posts the
 * page to open; the router goes there, without reloading the app.
 */
export function useNotificationClicks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type === OPEN_MESSAGE && isAppPath(data.url)) void navigate(data.url);
    };
    container.addEventListener('message', onMessage);
    // Messages posted before this listener wait in the container's queue until it starts.
    container.startMessages?.();
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
}
