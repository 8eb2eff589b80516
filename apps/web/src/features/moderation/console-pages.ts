/** The console's own pages, one chunk: a moderator goes from the queue to a case and a member's history. */
export { CasePage } from './case-page.tsx';
export { MemberHistoryPage } from './member-history-page.tsx';
export { QueuePage } from './queue-page.tsx';
