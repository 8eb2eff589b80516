/** Quiet hours: minutes after midnight in the member's time zone (NotificationSettingsSchema). */
export type QuietHours = { start: number; end: number };

const MINUTES_A_DAY = 24 * 60;

/** The minute of the day (0 to 1439) that `at` is in `timeZone`, as the member's clock shows it. */
export function minuteOfDayIn(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value);
  return hour * 60 + minute;
}

/** Whether a minute of the day falls in quiet hours: `start` included, `end` not; may span midnight. */
export function isQuietMinute(quiet: QuietHours, minute: number): boolean {
  return quiet.start < quiet.end
    ? minute >= quiet.start && minute < quiet.end
    : minute >= quiet.start || minute < quiet.end;
}

/**
 * When the member's quiet hours in force at `at` end, or null when they are not quiet then. Counted
 * in minutes on the member's clock from `at`'s minute: a change of daylight saving time during the
 * night moves the end by its hour at most, which a held push can bear.
 */
export function quietHoursEnd(
  at: Date,
  settings: { quietHours: QuietHours | null; timeZone: string },
): Date | null {
  const { quietHours, timeZone } = settings;
  if (!quietHours) return null;
  const minute = minuteOfDayIn(at, timeZone);
  if (!isQuietMinute(quietHours, minute)) return null;
  const left = (quietHours.end - minute + MINUTES_A_DAY) % MINUTES_A_DAY;
  const minuteStart = at.getTime() - (at.getTime() % 60_000);
  return new Date(minuteStart + left * 60_000);
}
