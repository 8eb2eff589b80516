import { APPEAL_WINDOW_DAYS, NOTIFIED_ACTIONS, type ModerationActionInput } from '@motema/shared/moderation';
import type { Tx } from '../../db/client.ts';
import type { ModerationSubject } from '../../moderation-subjects-port.ts';
import type { ModerationCaseRow } from '../../db/schema.ts';
import { AppError, conflict, fieldIssue, forbidden, invalidFields } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { revokeAllSessions } from '../auth/sessions.service.ts';
import { withdrawalAccountOf } from '../partnership/withdrawals/withdrawal-account.service.ts';
import { closeReports } from '../safety/safety.service.ts';
import { holdMembers } from '../users/accounts.service.ts';
import { setStanding } from '../users/standing.service.ts';
import * as repo from './cases.repository.ts';
import { weighCase } from './case-merge.service.ts';
import * as events from './events.repository.ts';
import type { ModerationDeps, Staff } from './moderation-deps.ts';
import { queueNoticeMail } from './moderation-mails.ts';

const DAY_MS = 86_400_000;
const notFound = () => new AppError(404, 'not_found');

/**
 * A moderator's action on a case (docs/moderation.md "Actions"), in one transaction: its effect, one
 * audit entry, the case's new state, and for a notified action the member's mail with the appeal
 * link. A suspension or a ban ends every session of the member, and their sockets close after the commit.
 * Staff may not act on a case about themselves (403 `case_about_yourself`) nor on one they reported (403
 * `case_you_reported`, its appeal too): another moderator does.
 */
export async function actOnCase(
  deps: ModerationDeps,
  staff: Staff,
  caseId: string,
  input: ModerationActionInput,
  origin: string,
): Promise<void> {
  const effect = await deps.db.transaction(async (tx) => {
    await holdNamedMembers(tx, caseId, input);
    const found = await repo.lockCase(tx, caseId);
    if (!found) throw notFound();
    if (found.memberId === staff.id) throw forbidden('case_about_yourself');
    if (await repo.isReporterOf(tx, found.id, staff.id)) throw forbidden('case_you_reported');
    if (found.state === 'closed') throw conflict('case_closed');
    if (found.appealed) {
      const appealed = await events.lastAppealOfCase(tx, found.id);
      if (appealed?.event.moderatorId === staff.id) throw conflict('appeal_needs_another_moderator');
    }
    const at = clock.now();
    const until = input.days === undefined ? null : new Date(at.getTime() + input.days * DAY_MS);
    const effect = await applyAction(deps, tx, found, input, until);
    const event = await events.insertEvent(tx, {
      caseId: found.id,
      memberId: input.action === 'mute_reporter' ? input.reporter! : found.memberId,
      action: input.action,
      rule: input.rule,
      note: input.note,
      message: input.message,
      days: input.days ?? null,
      until,
      moderatorId: staff.id,
      createdAt: at,
    });
    if (NOTIFIED_ACTIONS.includes(input.action) && found.memberId) {
      await notify(deps, tx, event, found.memberId, origin);
    }
    const escalated = input.action === 'escalate';
    await repo.updateCase(tx, found.id, {
      state: escalated ? 'escalated' : 'closed',
      closedAt: escalated ? null : at,
      appealed: false,
    });
    return effect;
  });
  if (effect.revoked.length > 0) await deps.events.emit('sessions.revoked', { sessionIds: effect.revoked });
  if (effect.suspended) await deps.events.emit('account.suspended', { userId: effect.suspended });
  if (effect.removed) await effect.removed.owner.announceRemoval?.(deps, effect.removed.id);
}

/** The actions that change the case's member's standing (their row). */
const STANDING_ACTIONS: readonly ModerationActionInput['action'][] = [
  'restrict',
  'require_verification',
  'suspend',
  'ban',
];

/**
 * Holds the rows of the members the action names (the case's member, the reporter it mutes) before
 * the case, as a deletion locks its member's row before their cases: a reporter deleting their account
 * while a moderator mutes them no longer deadlocks with the action, one waits for the other.
 */
async function holdNamedMembers(tx: Tx, caseId: string, input: ModerationActionInput): Promise<void> {
  const memberId = await repo.caseMemberOf(tx, caseId);
  const named = [
    ...(memberId ? [{ id: memberId, update: STANDING_ACTIONS.includes(input.action) }] : []),
    ...(input.action === 'mute_reporter' && input.reporter ? [{ id: input.reporter, update: false }] : []),
  ];
  await holdMembers(tx, named);
}

/**
 * What an action did beyond the database: the sessions it ended, the subject it removed, the member
 * it suspended or banned (what they do in front of others, a live, stops: `account.suspended`).
 */
type Effect = { revoked: string[]; removed?: { owner: ModerationSubject; id: string }; suspended?: string };

/** The action's effect on the subject, its member or a reporter. */
async function applyAction(
  deps: ModerationDeps,
  tx: Tx,
  found: ModerationCaseRow,
  input: ModerationActionInput,
  until: Date | null,
): Promise<Effect> {
  const none: Effect = { revoked: [] };
  const memberId = found.memberId;
  switch (input.action) {
    case 'escalate':
      return none;
    case 'dismiss':
      await settle(tx, found.id, 'dismissed');
      return none;
    case 'mute_reporter': {
      const reporters = await repo.caseReporters(tx, found.id, clock.now());
      if (!reporters.some((row) => row.reporterId === input.reporter))
        throw invalidFields(fieldIssue('reporter', 'invalid_value'));
      await repo.muteReporter(tx, input.reporter!, until!);
      await settle(tx, found.id, 'dismissed');
      await weighCase(tx, found.id, clock.now(), found.source === 'shield');
      return none;
    }
    case 'remove_content': {
      const owner = deps.moderationSubjects.find((subject) => subject.kind === found.subjectKind);
      const removed = await owner?.remove({ tx, jobs: deps.jobs }, found.subjectId);
      await settle(tx, found.id, 'agreed');
      return owner && removed ? { revoked: [], removed: { owner, id: found.subjectId } } : none;
    }
    case 'warn':
      break;
    case 'restrict':
      if (memberId) await setStanding(tx, memberId, { kind: 'restrict', until: until! });
      break;
    case 'require_verification':
      if (memberId) await setStanding(tx, memberId, { kind: 'require_verification' });
      break;
    case 'suspend':
      await settle(tx, found.id, 'agreed');
      if (!memberId) return none;
      await setStanding(tx, memberId, { kind: 'suspend', until: until! });
      return { revoked: await revokeAllSessions(tx, memberId), suspended: memberId };
    case 'ban':
      await settle(tx, found.id, 'agreed');
      if (!memberId) return none;
      await banIdentifiersOf(tx, memberId, found.id);
      await setStanding(tx, memberId, { kind: 'ban' });
      return { revoked: await revokeAllSessions(tx, memberId), suspended: memberId };
  }
  await settle(tx, found.id, 'agreed');
  return none;
}

/** The case's open reports are decided: their reporters' accuracy counts it, and they may report again. */
async function settle(tx: Tx, caseId: string, outcome: 'agreed' | 'dismissed') {
  await closeReports(tx, await repo.settleReports(tx, caseId, outcome));
}

/** A banned member's e-mail (lowercased), phone and proven withdrawal number: none may register again. */
async function banIdentifiersOf(tx: Tx, memberId: string, caseId: string) {
  const member = await repo.findMember(tx, memberId);
  if (!member) return;
  const payout = await withdrawalAccountOf({ db: tx }, memberId);
  await events.banIdentifiers(
    tx,
    [
      { kind: 'email', value: member.email.toLowerCase() },
      ...(member.phone ? [{ kind: 'phone' as const, value: member.phone }] : []),
      ...(payout?.account.provenAt ? [{ kind: 'payout' as const, value: payout.account.phone }] : []),
    ],
    caseId,
    clock.now(),
  );
}

/** The appeal's token (its hash stored) and the member's mail, in their language. */
async function notify(
  deps: ModerationDeps,
  tx: Tx,
  event: Awaited<ReturnType<typeof events.insertEvent>>,
  memberId: string,
  origin: string,
) {
  const member = await repo.findMember(tx, memberId);
  if (!member) return;
  const token = newToken();
  const deadline = new Date(event.createdAt.getTime() + APPEAL_WINDOW_DAYS * DAY_MS);
  await events.insertAppeal(tx, { eventId: event.id, tokenHash: sha256(token), deadline });
  await queueNoticeMail(deps.jobs, tx, member, event, `${origin}/appeal/${token}`, deadline);
}
