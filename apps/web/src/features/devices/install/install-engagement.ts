import { INSTALL_PROMPT_REFUSAL_S } from '@motema/shared/limits';

/**
 * When the app offers to be installed (issue 17): after engagement, never on a first visit, and not
 * again for INSTALL_PROMPT_REFUSAL_S once refused. Engagement: the app opened on a third day, or a
 * meaningful moment (a first match, a first message sent or received) on a day after the first. The
 * offer is weighed when the app starts (install-offer.tsx): a moment during a visit is kept for the
 * next start, so the card never lands on top of the match screen or the push prompt it also opens.
 * Kept on the device (localStorage): nothing here is sent anywhere.
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

export function readInstallState(): InstallState {
  try {
    const stored = JSON.parse(
      localStorage.getItem(INSTALL_STATE_KEY) ?? 'null',
    ) as Partial<InstallState> | null;
    if (!stored || typeof stored !== 'object') return EMPTY;
    return {
      days: Array.isArray(stored.days) ? stored.days.filter((day) => typeof day === 'string') : [],
      moment: stored.moment === true,
      refusedAt: typeof stored.refusedAt === 'number' ? stored.refusedAt : null,
    };
  } catch {
    // Storage refused (a private window) or a value from elsewhere: as on a new device.
    return EMPTY;
  }
}

function write(state: InstallState): InstallState {
  try {
    localStorage.setItem(INSTALL_STATE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or refused: the offer then waits, which is the cautious side.
  }
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
  return state.refusedAt !== null && now - state.refusedAt < INSTALL_PROMPT_REFUSAL_S * 1000;
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
