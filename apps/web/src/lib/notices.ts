import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { ERROR_NOTICE_MS } from '@motema/shared/limits';

const OFFLINE_NOTICE_ID = 'offline';

/** Mantine's close button is an icon: without a name a screen reader says only "button" (axe: button-name). */
const closeButtonProps = () => ({ 'aria-label': i18next.t('common:actions.close') });

/** The spec's notices: negative, warning, positive; short and translated. */
export function notify(kind: 'negative' | 'warning' | 'positive', message: string, autoCloseMs = 4000): void {
  const color = kind === 'negative' ? 'red' : kind === 'warning' ? 'ochre' : 'teal';
  notifications.show({
    message,
    color,
    autoClose: autoCloseMs,
    withBorder: true,
    closeButtonProps: closeButtonProps(),
  });
}

export function notifyError(message: string): void {
  notify('negative', message, ERROR_NOTICE_MS);
}

let offlineShown = false;

/** One persistent "Not connected to the internet" notice, hidden when the connection is back. */
export function showOfflineNotice(): void {
  if (offlineShown) return;
  offlineShown = true;
  notifications.show({
    id: OFFLINE_NOTICE_ID,
    message: i18next.t('errors:network'),
    color: 'gray',
    autoClose: false,
    withCloseButton: true,
    closeButtonProps: closeButtonProps(),
    onClose: () => {
      offlineShown = false;
    },
  });
}

export function hideOfflineNotice(): void {
  if (!offlineShown) return;
  offlineShown = false;
  notifications.hide(OFFLINE_NOTICE_ID);
}

if (typeof window !== 'undefined') window.addEventListener('online', hideOfflineNotice);
