import type { z } from 'zod';

/**
 * What members write (names, about, messages, report texts) must not disguise itself or what follows
 * it on screen, nor be made of nothing visible (QUALITY T1, decision 0013). The web app also isolates
 * every member text it shows (`MemberText`), so rows stored before this rule display safely too.
 *
 * Two rules:
 * - `name`: a short label shown beside other texts. No direction control at all (the isolation of
 *   the display gives a name its own direction, so marks are never needed) and no invisible character,
 *   except the ones that belong to the visible character before them: a joiner (ZWJ, ZWNJ) between two
 *   visible characters (emoji sequences, Persian and Indic spelling), a variation selector or tag after
 *   one (emoji presentation, subdivision flags). Spaces are allowed inside; the edges are trimmed.
 * - `prose` (messages, about, report texts): no embedding, override or isolate, which reorder the text
 *   around them ("\u202Egnp.exe" shows as "exe.png"); marks and zero-width characters may stay (they
 *   reorder nothing, text pasted from elsewhere holds them, emoji need ZWJ), but not as the whole text.
 */
export type MemberTextRule = 'name' | 'prose';

/** A validation message key of `VALIDATION_MESSAGES` (validation.ts). */
export type MemberTextProblem = 'text_direction_control' | 'text_invisible_character' | 'text_invisible_only';

/** Embeddings LRE RLE, PDF, overrides LRO RLO (U+202A–U+202E), isolates LRI RLI FSI PDI (U+2066–U+2069). */
const DIRECTION_FORMATTING = /[\u202A-\u202E\u2066-\u2069]/u;
/** The implicit marks LRM, RLM and ALM: invisible, they only move neutral characters. */
const DIRECTION_MARKS = /[\u200E\u200F\u061C]/u;

/**
 * Characters that draw nothing: white space, controls, the default-ignorable code points (zero-width
 * characters, joiners, BOM, soft hyphen, variation selectors, tags, Hangul fillers U+115F U+1160
 * U+3164 U+FFA0...) and the blank braille pattern U+2800, which fonts draw empty.
 */
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]/u;
const HAS_VISIBLE = /[^\p{White_Space}\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** Spaces a name may hold between its words (U+0020, U+3000 in CJK names...). */
const SPACE = /\p{Zs}/u;
/** Variation selectors and tags: part of the character before them (❤️, subdivision flags). */
const SELECTOR = /[\p{Variation_Selector}\u{E0020}-\u{E007F}]/u;
/** ZWNJ and ZWJ: part of a word or an emoji sequence when they stand between two visible characters. */
const JOINER = /[\u200C\u200D]/u;

/** Whether a name holds an invisible character that is not part of a visible one (one pass, linear). */
function hasLooseInvisible(text: string): boolean {
  const chars = Array.from(text);
  // The previous character is visible, or a selector attached to one: a selector or joiner may follow.
  let attachable = false;
  for (const [index, char] of chars.entries()) {
    if (!INVISIBLE.test(char)) attachable = true;
    else if (SPACE.test(char)) attachable = false;
    else if (attachable && SELECTOR.test(char)) continue;
    else if (attachable && JOINER.test(char) && HAS_VISIBLE.test(chars[index + 1] ?? '')) attachable = false;
    else return true;
  }
  return false;
}

/** The first problem of a member's text under a rule, or null when it may be stored. */
export function memberTextProblem(text: string, rule: MemberTextRule): MemberTextProblem | null {
  if (DIRECTION_FORMATTING.test(text)) return 'text_direction_control';
  if (rule === 'name') {
    if (DIRECTION_MARKS.test(text)) return 'text_direction_control';
    return hasLooseInvisible(text) ? 'text_invisible_character' : null;
  }
  return text.length > 0 && !HAS_VISIBLE.test(text) ? 'text_invisible_only' : null;
}

/**
 * The rule as a zod refinement, for a schema of trimmed text:
 * `z.string().trim().superRefine(memberText('name'))`.
 */
export function memberText(rule: MemberTextRule) {
  return (text: string, ctx: z.RefinementCtx<string>): void => {
    const problem = memberTextProblem(text, rule);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: text });
  };
}
