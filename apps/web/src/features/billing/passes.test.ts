import { describe, expect, it } from 'vitest';
import { QUARTER, WEEK, buildPass, buildPayment, withStatus } from './billing-fixtures.ts';
import { outcomeOf } from './payment-outcome.ts';
import { hasLivePass, passState, premiumEndsAt, timeHeld, timeLeft } from './passes.ts';

const at = (iso: string) => Date.parse(iso);

describe('a pass', () => {
  const pass = buildPass({ startsAt: '2026-11-20T10:00:00.000Z', endsAt: '2026-12-20T10:00:00.000Z' });

  it('is upcoming before its start, running until its end, then ended', () => {
    expect(passState(pass, at('2026-11-20T09:59:59.000Z'))).toBe('upcoming');
    expect(passState(pass, at('2026-11-20T10:00:00.000Z'))).toBe('running');
    expect(passState(pass, at('2026-12-20T09:59:59.000Z'))).toBe('running');
    expect(passState(pass, at('2026-12-20T10:00:00.000Z'))).toBe('ended');
  });

  it('is on hold while a pass of a better plan runs inside its window, running again after', () => {
    // The week gave way to the month bought two days in (decision 0026, amended): lengthened by 30 days.
    const week = buildPass({
      _id: 'week',
      subscription: WEEK,
      startsAt: '2026-11-20T10:00:00.000Z',
      endsAt: '2026-12-27T10:00:00.000Z',
    });
    const month = buildPass({ startsAt: '2026-11-22T10:00:00.000Z', endsAt: '2026-12-22T10:00:00.000Z' });
    const passes = [week, month];
    expect(passState(week, at('2026-11-21T10:00:00.000Z'), passes)).toBe('running');
    expect(passState(week, at('2026-11-24T10:00:00.000Z'), passes)).toBe('paused');
    expect(passState(month, at('2026-11-24T10:00:00.000Z'), passes)).toBe('running');
    expect(passState(week, at('2026-12-22T10:00:00.000Z'), passes)).toBe('running');
    // A refunded better pass holds nothing; nor does one of a plan no better.
    const refunded = { ...month, revokedAt: '2026-11-23T10:00:00.000Z' };
    expect(passState(week, at('2026-11-22T12:00:00.000Z'), [week, refunded])).toBe('running');
    expect(passState(month, at('2026-11-24T10:00:00.000Z'), [week, month])).toBe('running');
    expect(premiumEndsAt(passes, at('2026-11-24T10:00:00.000Z'))).toBe(week.endsAt);
  });

  it('on hold, holds its own days left, which resume when the better passes running end', () => {
    // The week ran 2 days; a quarter then a month bought at once after it (the month queued after the
    // quarter, better than the week): the week's 5 days come after both, its end 120 days later.
    const week = buildPass({
      _id: 'week',
      subscription: WEEK,
      startsAt: '2026-11-20T10:00:00.000Z',
      endsAt: '2027-03-27T10:00:00.000Z',
    });
    const quarter = buildPass({
      _id: 'quarter',
      subscription: QUARTER,
      startsAt: '2026-11-22T10:00:00.000Z',
      endsAt: '2027-02-20T10:00:00.000Z',
    });
    const month = buildPass({ startsAt: '2027-02-20T10:00:00.000Z', endsAt: '2027-03-22T10:00:00.000Z' });
    const passes = [week, quarter, month];
    const now = at('2026-11-24T10:00:00.000Z');
    expect(passState(week, now, passes)).toBe('paused');
    expect(timeHeld(week, now, passes)).toEqual({
      left: { unit: 'days', count: 5 },
      resumesAt: at('2027-03-22T10:00:00.000Z'),
    });
    // The month, on hold too, holds its 30 days after the quarter; a refunded better pass holds nothing.
    expect(timeHeld(month, now, passes).left).toEqual({ unit: 'days', count: 30 });
    const refunded = { ...quarter, revokedAt: '2026-11-23T10:00:00.000Z' };
    expect(timeHeld(week, now, [week, refunded, month]).resumesAt).toBe(now);
  });

  it('says what is left in days, then hours, then less than an hour', () => {
    expect(timeLeft(pass, at('2026-11-24T10:00:00.000Z'))).toEqual({ unit: 'days', count: 26 });
    expect(timeLeft(pass, at('2026-12-19T09:00:00.000Z'))).toEqual({ unit: 'days', count: 1 });
    // Bought a minute ago: 30 days left, not 29.
    expect(timeLeft(pass, at('2026-11-20T10:01:00.000Z'))).toEqual({ unit: 'days', count: 30 });
    expect(timeLeft(pass, at('2026-12-19T10:30:00.000Z'))).toEqual({ unit: 'hours', count: 23 });
    expect(timeLeft(pass, at('2026-12-20T09:30:00.000Z'))).toEqual({ unit: 'lessThanHour', count: 0 });
  });

  it('gives Premium until the end of the last pass still to run (bought ahead, they follow each other)', () => {
    const next = buildPass({ _id: 'pass-2', startsAt: pass.endsAt, endsAt: '2027-01-19T10:00:00.000Z' });
    const old = buildPass({
      _id: 'pass-0',
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2026-02-01T00:00:00.000Z',
    });
    const now = at('2026-11-24T10:00:00.000Z');
    expect(premiumEndsAt([old, next, pass], now)).toBe(next.endsAt);
    expect(hasLivePass([old], now)).toBe(false);
    expect(premiumEndsAt([old], now)).toBeNull();
  });
});

describe('a payment outcome', () => {
  it('is success only for a SUCCESS the server checked', () => {
    expect(outcomeOf(withStatus('SUCCESS'), false)).toBe('success');
  });

  it('tells a cancelled card page and a provider refusal from a failed payment', () => {
    expect(outcomeOf(withStatus('FAILED', { reason: 'canceled' }), false)).toBe('canceled');
    expect(outcomeOf(withStatus('FAILED', { reason: 'provider_error' }), false)).toBe('error');
    expect(outcomeOf(withStatus('FAILED', { reason: 'declined' }), false)).toBe('failed');
    expect(outcomeOf(withStatus('FAILED', { reason: 'expired' }), false)).toBe('failed');
  });

  it('is still being processed while pending, and pending once the member waited long or a review holds it', () => {
    expect(outcomeOf(buildPayment(), false)).toBeNull();
    expect(outcomeOf(buildPayment(), true)).toBe('pending');
    expect(outcomeOf(buildPayment({ reason: 'in_review' }), false)).toBe('pending');
  });

  it('is pending at once, not watched, while an unanswered start is being checked (issue 25)', () => {
    expect(outcomeOf(buildPayment({ reason: 'checking' }), false)).toBe('pending');
  });
});
