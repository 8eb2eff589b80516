import { INSTALL_PROMPT_REFUSAL_S } from '@motema/shared/limits';
import { deviceRecord, refusalHolds, storedFields } from '../../../lib/device-record.ts';

/**
 * When the app offers to be installed (issue 17): after engagement, never on a first visit, and not
 * again for INSTALL_PROMPT_REFUSAL_S once refused. Engagement: the app opened on a third day, or a
 * meaningful moment (a first match, a first message sent or received) on a day after the first. The
 * offer is weighed when the app starts (install-offer.tsx): a moment during a visit is kept for the
 * next start, so the card never lands on top of the match screen or the push prompt it also opens.
 * Kept on the device (lib/device-record.ts): nothing here is sent anywhere.
 */
export const INSTALL_STATE_KEY = 'motema.install';
/** Distinct days kept: enough to know a third one came. */
const DAYS_KEPT = 3;

export type InstallState = {
  /** The local days (YYYY-MM-DD) the app was opened on, at most the last DAYS_KEPT. */
  days: string[];
  /** A first match or message happened on this device. */
  moment: boolean;
  /** When the offer was last refused (ms since the epoch), ours or the browser's. */
  refusedAt: number | null;
};

const EMPTY: InstallState = { days: [], moment: false, refusedAt: null };

/** The local calendar day of `at`, as the person lives it (not UTC). */
export const dayOf = (at: number): string => {
  const date = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** Storage refused (a private window) or a value from elsewhere: as on a new device. */
const kept = deviceRecord<InstallState>(INSTALL_STATE_KEY, (stored) => {
  const fields = storedFields(stored);
  if (!fields) return null;
  return {
    days: Array.isArray(fields.days) ? fields.days.filter((day) => typeof day === 'string') : [],
    moment: fields.moment === true,
    refusedAt: typeof fields.refusedAt === 'number' ? fields.refusedAt : null,
  };
});

export const readInstallState = (): InstallState => kept.read() ?? EMPTY;

/** Storage full or refused: the offer then waits, which is the cautious side. */
function write(state: InstallState): InstallState {
  kept.keep(state);
  return state;
}

/** The app started on this device (main.tsx): its day counts towards engagement. */
export function noteAppStart(now = Date.now()): InstallState {
  const state = readInstallState();
  const today = dayOf(now);
  if (state.days.includes(today)) return state;
  return write({ ...state, days: [...state.days, today].slice(-DAYS_KEPT) });
}

/** A first match, or a first message sent or received. */
export function noteMeaningfulMoment(): InstallState {
  const state = readInstallState();
  return state.moment ? state : write({ ...state, moment: true });
}

/** The person said not now (our card, the browser's dialog, or the iPhone instructions closed). */
export function refuseInstall(now = Date.now()): InstallState {
  return write({ ...readInstallState(), refusedAt: now });
}

export function engaged(state: InstallState): boolean {
  return state.days.length >= 3 || (state.moment && state.days.length >= 2);
}

export function refusedRecently(state: InstallState, now: number): boolean {
  return refusalHolds(state.refusedAt, now, INSTALL_PROMPT_REFUSAL_S);
}

/** Whether the card is offered now, given how this browser installs (install-way.ts). */
export function offerInstallNow(state: InstallState, way: InstallWay, now: number): boolean {
  return (way === 'prompt' || way === 'ios') && engaged(state) && !refusedRecently(state, now);
}

/**
 * How this browser installs the app: `installed` (running as the installed app, or installed from this
 * page), `prompt` (a kept beforeinstallprompt), `ios` (iPhone and iPad: Add to Home Screen from the
 * Share menu, no prompt to show), `menu` (another browser: from its own menu, if at all).
 */
export type InstallWay = 'installed' | 'prompt' | 'ios' | 'menu';
