import type { CaseSnapshot, CaseSubjectKind } from '@motema/shared/moderation';
import type { AppEventPort } from './app-events.ts';
import type { Db, DbOrTx, Tx } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';

/**
 * What a moderation case needs of the feature owning its subject (decision 0045): the subject as it
 * is now, for the case's snapshot, and its removal (a moderator's `remove_content`). Each owner
 * gives its kinds in its module's `moderationSubjects`; the moderation feature imports none of
 * them. A file of its own, outside every feature, as account-hooks-port.ts.
 */
export type SubjectState = {
  /** The member it is about: its author, or the member themselves; null for a zone. */
  memberId: string | null;
  text: string;
  /** Its pictures' storage keys, which the case copies so that they outlive the subject. */
  media: { key: string; kind: CaseSnapshot['media'][number]['kind'] }[];
  profile: CaseSnapshot['profile'];
};

export type ModerationSubject = {
  kind: CaseSubjectKind;
  /** The subject as it is now; undefined once deleted. */
  snapshot: (db: DbOrTx, id: string) => Promise<SubjectState | undefined>;
  /** Removes the subject (and its files, queued) in the moderator's transaction; false if already gone. */
  remove: (context: { tx: Tx; jobs: JobQueue }, id: string) => Promise<boolean>;
  /** After the removal's commit: tells the screens open on it (a chat message taken back live). */
  announceRemoval?: (deps: { db: Db; events: AppEventPort }, id: string) => Promise<void>;
};
