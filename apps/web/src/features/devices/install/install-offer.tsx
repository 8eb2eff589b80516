import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useSocketEvent } from '../../../lib/socket.ts';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { noteAppStart, noteMeaningfulMoment, offerInstallNow, refuseInstall } from './install-engagement.ts';
import { showInstallPrompt } from './install-prompt.ts';
import { useInstallWay } from './install-way.ts';

// The card's code and texts load only on the day it is offered.
const InstallCard = lazy(() =>
  Promise.all([import('./install-card.tsx'), loadNamespaces(['install'])]).then(([module]) => ({
    default: module.InstallCard,
  })),
);

/**
 * The member's offer to install the app (home layout, inside the socket): weighed once, as the app
 * starts (install-engagement.ts), then shown when the browser can install (its prompt may come a
 * moment later). Meanwhile a first match or message is noted for the next start.
 */
export function InstallOffer({ userId }: { userId: string | null }) {
  const way = useInstallWay();
  // Today counted before the offer is weighed: main.tsx counts it only once the first page is shown.
  const [state] = useState(() => noteAppStart());
  const [closed, setClosed] = useState(false);
  // A thread takes the whole screen, its composer where the card would sit: the card waits outside it.
  const inThread = useLocation().pathname.startsWith('/messages/');
  useSocketEvent(userId ? `matched:${userId}` : null, () => void noteMeaningfulMoment());
  useSocketEvent(userId ? 'chats:messages:new' : null, () => void noteMeaningfulMoment());

  if (closed || inThread || !userId || (way !== 'prompt' && way !== 'ios')) return null;
  if (!offerInstallNow(state, way, Date.now())) return null;

  const refuse = () => {
    refuseInstall();
    setClosed(true);
  };
  const install = async () => {
    setClosed(true);
    // The browser's own dialog: a refusal there is remembered as ours is.
    if ((await showInstallPrompt()) === 'dismissed') refuseInstall();
  };
  return (
    <Suspense fallback={null}>
      <InstallCard way={way} onInstall={() => void install()} onRefuse={refuse} />
    </Suspense>
  );
}
