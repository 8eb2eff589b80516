import type { HTMLAttributes } from 'react';

/** FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (UAX #9): the plain-text form of `<bdi>`. */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * Member text placed inside a string: a translated sentence (`{{name}}`), an aria-label, the document
 * title. Between FSI and PDI it takes the direction of its own first strong character and cannot
 * reorder the words around it; PDI also closes any embedding or override left open inside (rows stored
 * before the rule of packages/shared/src/member-text.ts). Never for a name that makes initials
 * (MemberAvatar): the isolate would be taken for a letter.
 */
export function isolate(text: string): string {
  return FSI + text + PDI;
}

type Props = Omit<HTMLAttributes<HTMLElement>, 'children' | 'dir'> & {
  children: string;
  /** A block of prose (a message, an about text): a `div`, aligned and laid out in its own direction. */
  block?: boolean;
};

/**
 * Text a member wrote, shown on its own: a name, a username, a message, an about text. `dir="auto"`
 * gives it the direction of its first strong character, and an element with `dir` (as `<bdi>`) is
 * isolated by the browser (`unicode-bidi: isolate`): nothing inside, not even a reversal stored before
 * the server refused them, can change how what follows it displays ("\u202Egnp.exe" cannot turn the
 * time after it around).
 */
export function MemberText({ children, block = false, ...props }: Props) {
  return block ? (
    <div dir="auto" {...props}>
      {children}
    </div>
  ) : (
    <bdi dir="auto" {...props}>
      {children}
    </bdi>
  );
}
