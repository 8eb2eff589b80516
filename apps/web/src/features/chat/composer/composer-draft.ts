import { storedFields, tabRecord } from '../../../lib/device-record.ts';

/** At most this many conversations keep a draft (the oldest written goes first). */
const MAX_DRAFTS = 20;

type Drafts = { member: string; texts: Record<string, string> };

/**
 * What the member was writing in each conversation, for this tab: it survives leaving the thread and
 * a reload (a tab the phone killed on a weak connection), not the tab's end. Another member signed
 * in on the same tab never sees it.
 */
const drafts = tabRecord<Drafts>('motema.chatDrafts', (stored) => {
  const fields = storedFields(stored);
  const texts = storedFields(fields?.texts);
  if (typeof fields?.member !== 'string' || !texts) return null;
  const kept = Object.entries(texts).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return { member: fields.member, texts: Object.fromEntries(kept) };
});

export function keptDraft(member: string, conversation: string): string {
  const kept = drafts.read();
  return kept?.member === member ? (kept.texts[conversation] ?? '') : '';
}

/** Keeps `text` as the conversation's draft; an empty one forgets it. */
export function keepDraft(member: string, conversation: string, text: string): void {
  const kept = drafts.read();
  const texts = kept?.member === member ? { ...kept.texts } : {};
  delete texts[conversation];
  if (text) texts[conversation] = text;
  const entries = Object.entries(texts).slice(-MAX_DRAFTS);
  drafts.keep({ member, texts: Object.fromEntries(entries) });
}
