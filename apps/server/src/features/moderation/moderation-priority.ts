import type { ReportReason } from '@motema/shared/safety';

/**
 * A case's priority (docs/moderation.md "Priority"): the severest reason given, times the sum over
 * distinct reporters of their weight. A reporter's weight is their accuracy over their last 20
 * decided reports, (agreed + 1) / (agreed + dismissed + 2) × 2 (1 with no history, towards 2 when
 * always right, towards 0 when always dismissed), times their account's age, min(1, (days + 3) / 33)
 * (a day-old account counts about a tenth, a month-old one fully); a muted reporter weighs nothing.
 */
export const REASON_SEVERITY: Record<ReportReason, number> = {
  underage: 3,
  scam_or_commercial: 3,
  hate_speech_or_violence: 2,
  inappropriate_content: 1.5,
  fake_account: 1.5,
  other: 1,
  not_interested: 0.5,
};

export type ReporterWeighing = {
  reporterId: string;
  reason: ReportReason;
  accountAgeDays: number;
  agreed: number;
  dismissed: number;
  muted: boolean;
};

export function reporterWeight(reporter: Omit<ReporterWeighing, 'reason' | 'reporterId'>): number {
  if (reporter.muted) return 0;
  const accuracy = ((reporter.agreed + 1) / (reporter.agreed + reporter.dismissed + 2)) * 2;
  const age = Math.min(1, (reporter.accountAgeDays + 3) / 33);
  return accuracy * age;
}

/**
 * What the scam shield's flag of a message weighs in its case, as one trusted reporter's report of a
 * scam would: the recipient's own report adds to it.
 */
export const SHIELD_FLAG_PRIORITY = REASON_SEVERITY.scam_or_commercial;

/**
 * The priority of a case's reports, rounded to hundredths; a reporter's several reports count once.
 * A case the scam shield opened counts its flag beside them.
 */
export function casePriority(reports: readonly ReporterWeighing[], flagged = false): number {
  const severity = Math.max(0, ...reports.map((report) => REASON_SEVERITY[report.reason]));
  const weights = new Map(reports.map((report) => [report.reporterId, reporterWeight(report)]));
  const sum = [...weights.values()].reduce((total, weight) => total + weight, 0);
  return Math.round((severity * sum + (flagged ? SHIELD_FLAG_PRIORITY : 0)) * 100) / 100;
}
