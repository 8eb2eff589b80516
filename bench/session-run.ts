/**
 * What each step of B6's scripted session (session-script.ts) works with: the plan, the page, the wire
 * counter, the marks after each step and what the screens showed, and the app's own texts in the
 * language it shows.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { WireCounter } from './session-wire.ts';

type Texts = { [key: string]: string | Texts };
const LOCALES = new URL('../apps/web/src/locales/', import.meta.url);

/** The app's own text (apps/web/src/locales/<language>/<namespace>.json), with {{values}} filled. */
export function appText(
  language: string,
  namespace: string,
  key: string,
  values: Record<string, string> = {},
): string {
  let found: string | Texts | undefined = JSON.parse(
    readFileSync(new URL(`${language}/${namespace}.json`, LOCALES), 'utf8'),
  ) as Texts;
  for (const part of key.split('.')) found = typeof found === 'object' ? found[part] : undefined;
  if (typeof found !== 'string') throw new Error(`no text ${namespace}:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

export type Shown = {
  /** Distinct lines of text shown in <main> over the session. */
  lines: Set<string>;
  /** Distinct photos drawn (photo id -> the variant URLs seen for it). */
  photos: Map<string, Set<string>>;
};

export type Partner = {
  /** Called once the thread is open, with its conversation id. */
  open(conversationId: string): Promise<void>;
  /** Sends `text` as the other member and resolves once the server acked it. */
  say(text: string): Promise<void>;
};

export type SessionPlan = {
  url: string;
  /** The member's language (the app switches to it once logged in). */
  language: string;
  username: string;
  password: string;
  profiles: number;
  browse: number;
  swipes: number;
  messages: number;
  /** Chooses the member to chat with among the profiles opened (the last one), and returns the partner. */
  partnerFor(memberId: string): Promise<Partner>;
  log(line: string): void;
};

export type SessionMarks = {
  /** Entries counted up to "home usable" (first visit), then after each step. */
  steps: { name: string; entries: number; ms: number }[];
  /** The lines of text of the first visit's screen. */
  firstVisitLines: string[];
  cardsSeen: number;
  profilesOpened: string[];
  galleryPhotos: number;
  swiped: number;
  messages: { sent: number; received: number };
};

/** One session being played: each step reads and records through it. */
export type SessionRun = {
  page: Page;
  wire: WireCounter;
  plan: SessionPlan;
  shown: Shown;
  marks: SessionMarks;
  /** The language the app shows: the member's own (set on login), English until then. */
  language: string;
  /** The app's text in `language` (see appText). */
  text(namespace: string, key: string, values?: Record<string, string>): string;
};
