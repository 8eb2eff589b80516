import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import i18next from 'i18next';
import { useLocation } from 'react-router';
import { notify, notifyError } from '../../../lib/notices.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { whenNoDialogOpen } from '../../../ui/when-no-dialog-open.ts';
import { push } from '../../../lib/platform/push.ts';
import { useMeQuery } from '../../users/users.api.ts';
import { useNotificationClicks } from './notification-clicks.ts';
import { chooseDiscreet } from './push.api.ts';
import { pushOffer, type PushOffer } from './push-prompt-rule.ts';
import { pushRefusedRecently, rememberPushRefusal } from './push-refusal.ts';
import { enablePush, pushOnForMember, refreshPushRegistration } from './push-subscription.ts';

/**
 * The dialog's code (and Mantine's Checkbox, which the sign-up page shares) loads when a moment comes,
 * not with the member area: most visits never show it (bar B5: the chunk home shares with visitor pages).
 */
const PushPromptDialog = lazy(() =>
  import('./push-prompt-dialog.tsx').then((module) => ({ default: module.PushPromptDialog })),
);

/**
 * The prompt comes a moment after what prompted it (the message lands, the match shows first), and once
 * any dialog then open (the match's celebration) is closed.
 */
export const PUSH_PROMPT_DELAY_MS = 1500;

/**
 * Web push in the member's app (mounted in the home layout): after a meaningful moment (a match, a
 * message sent or received) our explanation, then the browser's permission; taps on notifications
 * while the app is open; and this device's subscription registered again for each session. Its texts
 * (the `push` namespace) load with the dialog: reading them here would suspend the whole member area
 * on its first render until they came.
 */
export function PushPromptHost() {
  const meQuery = useMeQuery();
  const me = meQuery.data;
  const inThread = useLocation().pathname.startsWith('/messages/');
  const userId = me?._id ?? null;
  const [offer, setOffer] = useState<PushOffer>(null);
  const [busy, setBusy] = useState(false);
  const offered = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useNotificationClicks();

  useEffect(() => {
    if (userId && push.support() === 'supported') void refreshPushRegistration(userId).catch(() => {});
  }, [userId]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const moment = useCallback(() => {
    if (!userId || offered.current || timer.current) return;
    timer.current = setTimeout(() => {
      void (async () => {
        const support = push.support();
        const next = pushOffer({
          support,
          permission: push.permission(),
          refusedRecently: pushRefusedRecently(),
          onHere: support === 'supported' && (await pushOnForMember(userId).catch(() => false)),
          offeredThisVisit: offered.current,
        });
        timer.current = undefined;
        // Decided once a visit: a member with push on here (or blocked, or who said no) is not asked
        // again, nor is the device asked again after each message.
        offered.current = true;
        if (!next) return;
        // After the match's celebration (or any dialog open then) is closed, not on top of it.
        await whenNoDialogOpen();
        setOffer(next);
      })();
    }, PUSH_PROMPT_DELAY_MS);
  }, [userId]);

  useSocketEvent(userId ? `matched:${userId}` : null, moment);
  useSocketEvent(userId ? 'chats:messages:new' : null, moment);

  const refuse = () => {
    if (busy) return;
    rememberPushRefusal();
    setOffer(null);
  };
  const accept = async (discreet: boolean) => {
    if (!userId) return;
    setBusy(true);
    try {
      const result = await enablePush(userId);
      if (result === 'on') {
        // Discreet mode: the member's profile has it (the tab title follows it).
        if (discreet)
          await chooseDiscreet().then(
            () => meQuery.refetch(),
            () => {},
          );
        notify('positive', i18next.t('push:turnedOn'));
      } else if (result === 'failed') {
        notifyError(i18next.t('push:failed'));
      }
    } finally {
      setBusy(false);
      setOffer(null);
    }
  };

  // Never in the middle of a conversation (typing, recording a voice note): it waits for the member
  // to leave the thread.
  if (!offer || inThread) return null;
  return (
    <Suspense fallback={null}>
      <PushPromptDialog
        offer={offer}
        busy={busy}
        onAccept={(choice) => void accept(choice)}
        onRefuse={refuse}
      />
    </Suspense>
  );
}
