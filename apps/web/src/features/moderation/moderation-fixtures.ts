import type { AppealView, CaseDetail, CaseSummary, Notice } from '@motema/shared/moderation';

/** Test data shaped as the moderation contract (packages/shared/src/moderation.ts) answers. */
export const CASE_ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
export const REPORTER_ID = '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d';

export function buildSummary(change: Partial<CaseSummary> = {}): CaseSummary {
  return {
    _id: CASE_ID,
    subject: { kind: 'member', _id: 'a1' },
    member: {
      _id: 'a1',
      username: 'fakeprince',
      name: 'Prince',
      avatar: null,
      status: 'active',
      verified: false,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
    state: 'open',
    priority: 12.4,
    reporters: 3,
    reasons: [
      { reason: 'fake_account', count: 2 },
      { reason: 'scam_or_commercial', count: 1 },
    ],
    source: 'reports',
    assignee: null,
    appealed: false,
    firstReportedAt: '2026-12-01T08:00:00.000Z',
    lastReportedAt: '2026-12-02T08:00:00.000Z',
    ...change,
  };
}

export function buildDetail(change: Partial<CaseDetail> = {}): CaseDetail {
  return {
    ...buildSummary(),
    snapshot: {
      takenAt: '2026-12-01T08:00:00.000Z',
      text: 'Send me money for the ticket',
      media: [{ url: `/api/moderation/cases/${CASE_ID}/media/0`, kind: 'photo' }],
      profile: {
        username: 'fakeprince',
        firstName: 'Prince',
        age: 31,
        about: 'Send me money for the ticket',
      },
      live: true,
    },
    reports: [
      {
        _id: 'r1',
        reason: 'scam_or_commercial',
        subReason: 'asks_for_money',
        text: 'He asked for 200 dollars',
        createdAt: '2026-12-01T08:00:00.000Z',
        reporter: {
          _id: REPORTER_ID,
          username: 'grace',
          accountAgeDays: 400,
          accuracy: { agreed: 4, dismissed: 1 },
          muted: false,
        },
      },
    ],
    events: [],
    appeal: null,
    actionable: true,
    ...change,
  };
}

export function buildNotice(change: Partial<Notice> = {}): Notice {
  return {
    _id: 'n1',
    action: 'warn',
    rule: 'harassment',
    message: 'Stop sending messages to members who do not answer.',
    until: null,
    createdAt: '2026-12-01T08:00:00.000Z',
    appealPath: '/appeal/tok1',
    ...change,
  };
}

export function buildAppealView(change: Partial<AppealView> = {}): AppealView {
  return {
    notice: buildNotice({ action: 'ban', rule: 'scam', message: 'You asked members for money.' }),
    deadline: '2099-12-21T08:00:00.000Z',
    appeal: null,
    ...change,
  };
}
