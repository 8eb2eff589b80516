import { useState } from 'react';
import { useClock } from '../../lib/use-clock.ts';
import { resendRefusedUntil } from './components/resend-wait.tsx';
import { usePendingChangeQuery, type ContactKind } from './settings.api.ts';

/**
 * An e-mail or phone change as its screen shows it across reloads: the change the server keeps under
 * way (`underWay`, until its code expires; none once the member went back to the first step), when a
 * new code may be asked, and a refusal to send one as too soon (`refuse`), said until its time passes.
 */
export function useChangeUnderWay<K extends ContactKind>(kind: K) {
  const pending = usePendingChangeQuery(kind);
  const now = useClock(10_000);
  const [atForm, setAtForm] = useState(false);
  const [refusedUntil, setRefusedUntil] = useState<number | null>(null);
  const live = pending.data && Date.parse(pending.data.expiresAt) > now ? pending.data : null;
  const serverResendAt = live ? Date.parse(live.resendAt) : null;
  return {
    /** The first answer is awaited: the screen does not yet know which step to show. */
    loading: pending.isPending,
    underWay: atForm ? null : live,
    /** Back to the first step (another address, or a new code once the password is asked again). */
    showForm: () => setAtForm(true),
    /** A code was just sent: the change under way is shown again. */
    sent: () => setAtForm(false),
    resendAt: Math.max(serverResendAt ?? 0, refusedUntil ?? 0) || null,
    refusedUntil,
    /** Keeps a too-soon refusal (true), or tells the caller to say the error itself (false). */
    refuse: (error: unknown): boolean => {
      const until = resendRefusedUntil(error);
      if (until !== null) setRefusedUntil(until);
      return until !== null;
    },
  };
}
