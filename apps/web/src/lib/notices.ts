import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { ERROR_NOTICE_MS } from '@motema/shared/limits';
import { loadNamespaces } from './i18n.ts';
import { appWorker } from './platform/app-worker.ts';

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

/**
 * What the connection notice says (SPEC section 8; docs/devices.md). The browser offline: "Not
 * connected to the internet", and whether the app goes on without it: "App is running in offline
 * mode" when a service worker serves this page (the app and what the device kept open without a
 * network), "Can't use offline mode" when none does (a browser without service workers, private
 * browsing, the first seconds of a first visit): a reload would fail. The browser online but no
 * answer: the server (or the way to it) is down, "Failed to connect to the server".
 */
export function connectionNoticeTexts(
  online: boolean,
  servedOffline: boolean,
  waiting = false,
): { title?: string; message: string } {
  if (online) return { message: i18next.t('common:connection.serverUnreachable') };
  return {
    title: i18next.t('errors:network'),
    message: i18next.t(
      waiting
        ? 'common:connection.waiting'
        : servedOffline
          ? 'common:connection.offlineMode'
          : 'common:connection.offlineUnavailable',
    ),
  };
}

let waitingShown = false;
/** The namespaces of the connection notice's texts. */
const NOTICE_NAMESPACES = ['common', 'errors'] as const;
/** The browser's network state when the shown notice was written: the notice says it again when it changes. */
let shownOnline: boolean | null = null;

/** One persistent connection notice (connectionNoticeTexts), hidden when the connection is back. */
export function showOfflineNotice(): void {
  showConnectionNotice(false);
}

/**
 * The connection notice when something the member sent waits for the connection (a change saved
 * offline): it says so, shown again if the member had closed it.
 */
export function showWaitingNotice(): void {
  showConnectionNotice(true);
}

/**
 * Shows the notice, or writes it again when what it says has changed: the network went while it said
 * the server did not answer (or came back while it said the network was gone), or a change now waits.
 */
function showConnectionNotice(waiting: boolean, textsAsked = false): void {
  const online = navigator.onLine;
  if (!textsAsked && !i18next.hasLoadedNamespace(NOTICE_NAMESPACES)) {
    // The network may go before the app has its texts (its first seconds): the notice waits for them
    // (asked once) rather than show their keys, and is not shown if the network came back meanwhile.
    void loadNamespaces(NOTICE_NAMESPACES)
      .catch(() => undefined)
      .then(() => {
        if (navigator.onLine === online) showConnectionNotice(waiting, true);
      });
    return;
  }
  const waits = waiting || waitingShown;
  if (offlineShown && waits === waitingShown && online === shownOnline) return;
  const texts = connectionNoticeTexts(online, appWorker.servesOffline(), waits);
  waitingShown = waits && !online;
  shownOnline = online;
  if (offlineShown) {
    notifications.update({ id: OFFLINE_NOTICE_ID, ...texts });
    return;
  }
  offlineShown = true;
  notifications.show({
    id: OFFLINE_NOTICE_ID,
    ...texts,
    color: 'gray',
    // Under a title Mantine dims the text, below AA contrast (axe: color-contrast): the body's colour.
    styles: { description: { color: 'var(--mantine-color-text)' } },
    autoClose: false,
    withCloseButton: true,
    closeButtonProps: closeButtonProps(),
    onClose: () => {
      offlineShown = false;
      waitingShown = false;
    },
  });
}

export function hideOfflineNotice(): void {
  if (!offlineShown) return;
  offlineShown = false;
  waitingShown = false;
  notifications.hide(OFFLINE_NOTICE_ID);
}

/**
 * Tells the member as the network goes, not only once a call fails, so they know what still works;
 * from the app's start (main.tsx). Returns how to stop.
 */
export function followNetwork(): () => void {
  window.addEventListener('online', hideOfflineNotice);
  window.addEventListener('offline', showOfflineNotice);
  return () => {
    window.removeEventListener('online', hideOfflineNotice);
    window.removeEventListener('offline', showOfflineNotice);
  };
}
