import { comparePlans, type UserSubscription } from '@motema/shared/billing';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Where a pass stands at `now`: bought ahead and not begun, running, over, or `paused`: running by
 * its dates while a better plan's pass (`comparePlans`) runs among `others`. A better plan starts at
 * once and the weaker passes give way by its days (decision 0026, amended): their days left resume
 * after it, and their `endsAt` already counts them.
 */
export type PassState = 'upcoming' | 'running' | 'paused' | 'ended';

export function passState(
  pass: Pick<UserSubscription, 'startsAt' | 'endsAt' | 'subscription'>,
  now: number,
  others: Pick<UserSubscription, 'startsAt' | 'endsAt' | 'subscription' | 'revokedAt'>[] = [],
): PassState {
  if (Date.parse(pass.endsAt) <= now) return 'ended';
  if (Date.parse(pass.startsAt) > now) return 'upcoming';
  const covered = others.some(
    (other) =>
      other.revokedAt === null &&
      Date.parse(other.startsAt) <= now &&
      Date.parse(other.endsAt) > now &&
      comparePlans(other.subscription, pass.subscription) > 0,
  );
  return covered ? 'paused' : 'running';
}

export type TimeLeft = { unit: 'days' | 'hours' | 'lessThanHour'; count: number };

/** A span of time in the unit a person would say (see `timeLeft`). */
function spoken(left: number): TimeLeft {
  if (left >= DAY_MS) return { unit: 'days', count: Math.round(left / DAY_MS) };
  if (left >= HOUR_MS) return { unit: 'hours', count: Math.floor(left / HOUR_MS) };
  return { unit: 'lessThanHour', count: 0 };
}

/**
 * What is left of a running pass, in the unit a person would say: days (the nearest whole number: a
 * 30-day pass bought a minute ago has 30 days left) while a day or more is left, then whole hours,
 * then "less than an hour".
 */
export function timeLeft(pass: Pick<UserSubscription, 'endsAt'>, now: number): TimeLeft {
  return spoken(Date.parse(pass.endsAt) - now);
}

type Held = Pick<UserSubscription, 'startsAt' | 'endsAt' | 'subscription' | 'revokedAt'>;

/**
 * What a pass on hold still holds: its own days, those of its window from `now` that no better pass
 * among `others` covers (their `endsAt` was lengthened by the better passes' days, decision 0026,
 * amended), and when they resume: the end of the better passes running now and of those following
 * them without a gap.
 */
export function timeHeld(
  pass: Pick<UserSubscription, 'endsAt' | 'subscription'>,
  now: number,
  others: Held[],
): { left: TimeLeft; resumesAt: number } {
  const end = Date.parse(pass.endsAt);
  const spans = others
    .filter((other) => other.revokedAt === null && comparePlans(other.subscription, pass.subscription) > 0)
    .map((other): [number, number] => [
      Math.max(Date.parse(other.startsAt), now),
      Math.min(Date.parse(other.endsAt), end),
    ])
    .filter(([start, stop]) => start < stop)
    .sort((x, y) => x[0] - y[0]);
  let covered = 0;
  let reach = now;
  let resumesAt = now;
  for (const [start, stop] of spans) {
    if (start <= resumesAt) resumesAt = Math.max(resumesAt, stop);
    if (stop <= reach) continue;
    covered += stop - Math.max(start, reach);
    reach = stop;
  }
  return { left: spoken(end - now - covered), resumesAt };
}

/** Whether any pass gives Premium now or later (the member has bought some still to run). */
export const hasLivePass = (passes: UserSubscription[], now: number) =>
  passes.some((pass) => passState(pass, now) !== 'ended');

/**
 * When the member's Premium ends: the end of the last pass still to run (a weaker pass that gave way
 * to a better one ends last, lengthened by its days: decision 0026, amended).
 */
export function premiumEndsAt(passes: UserSubscription[], now: number): string | null {
  const live = passes.filter((pass) => passState(pass, now) !== 'ended');
  return live.reduce<string | null>(
    (last, pass) => (last === null || Date.parse(pass.endsAt) > Date.parse(last) ? pass.endsAt : last),
    null,
  );
}

/** A pass's day as the member's language writes a date ("12 March 2027"). */
export const formatDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
