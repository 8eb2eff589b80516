import { NOTIFIED_ACTIONS, type AppealView, type Notice, type NoticeList } from '@motema/shared/moderation';
import type { ModerationEventRow } from '../../db/schema.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import * as repo from './cases.repository.ts';
import * as events from './events.repository.ts';
import type { ModerationDeps } from './moderation-deps.ts';

function noticeOf(event: ModerationEventRow, appealPath: string | null): Notice {
  return {
    _id: event.id,
    action: event.action as Notice['action'],
    rule: event.rule as Notice['rule'],
    message: event.message,
    until: event.until?.toISOString() ?? null,
    createdAt: event.createdAt.toISOString(),
    appealPath,
  };
}

/**
 * The signed-in member's warnings and sanctions, newest first. Only the hash of a link's token is
 * stored, so the list gives each notice still open to appeal a new token of its own (the mail's stays valid).
 */
export async function listNotices(deps: ModerationDeps, memberId: string): Promise<NoticeList> {
  const rows = await events.noticesOf(deps.db, memberId, NOTIFIED_ACTIONS);
  const now = clock.now();
  const notices = [];
  for (const { event, appeal } of rows) {
    let path: string | null = null;
    if (!appeal.appealedAt && appeal.deadline > now) {
      const token = newToken();
      await events.setNoticeToken(deps.db, event.id, sha256(token));
      path = `/appeal/${token}`;
    }
    notices.push(noticeOf(event, path));
  }
  return { notices };
}

async function appealOf(deps: ModerationDeps, token: string) {
  const found = await events.findAppealByToken(deps.db, sha256(token));
  if (!found) throw new AppError(404, 'not_found');
  return found;
}

function viewOf(
  found: NonNullable<Awaited<ReturnType<typeof events.findAppealByToken>>>,
  token: string,
): AppealView {
  const { event, appeal } = found;
  const open = !appeal.appealedAt && appeal.deadline > clock.now();
  return {
    notice: noticeOf(event, open ? `/appeal/${token}` : null),
    deadline: appeal.deadline.toISOString(),
    appeal: appeal.appealedAt
      ? { text: appeal.text ?? '', createdAt: appeal.appealedAt.toISOString() }
      : null,
  };
}

/** GET /api/appeals/:token: the notice the link is about, and the appeal if made. */
export async function appealView(deps: ModerationDeps, token: string): Promise<AppealView> {
  return viewOf(await appealOf(deps, token), token);
}

/**
 * The member appeals: once, before the deadline. The case opens again, marked appealed, for another
 * moderator than the one who acted; the audit log keeps the appeal.
 */
export async function makeAppeal(deps: ModerationDeps, token: string, text: string): Promise<AppealView> {
  await deps.db.transaction(async (tx) => {
    const found = await events.findAppealByToken(tx, sha256(token), { lock: true });
    if (!found) throw new AppError(404, 'not_found');
    if (found.appeal.appealedAt) throw conflict('appeal_already_made');
    const at = clock.now();
    if (found.appeal.deadline <= at) throw new AppError(410, 'appeal_too_late');
    await events.recordAppeal(tx, found.event.id, text, at);
    if (found.event.caseId) {
      await repo.updateCase(tx, found.event.caseId, { state: 'open', appealed: true, closedAt: null });
    }
    await events.insertEvent(tx, {
      caseId: found.event.caseId,
      memberId: found.event.memberId,
      action: 'appeal',
      createdAt: at,
    });
  });
  return viewOf(await appealOf(deps, token), token);
}
