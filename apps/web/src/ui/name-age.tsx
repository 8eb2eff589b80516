import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { canMeasureText, ellipsisWidth } from './text-width.ts';

/** Stands for the name in the translated text, which is then cut around it (a private-use character). */
const NAME_MARK = '\uE000';

const ROW: CSSProperties = { display: 'flex', alignItems: 'baseline', minWidth: 0, maxWidth: '100%' };
const FIXED: CSSProperties = { flex: 'none', whiteSpace: 'pre' };
/** The name alone gives way: it shrinks to an ellipsis, the age beside it never does. */
const NAME: CSSProperties = {
  flex: '0 1 auto',
  minWidth: '1.5em',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

type Props = {
  name: string;
  /** The translated "name, age" text, given the stand-in for the name: `(name) => t('card.nameAge', { name, age })`. */
  format: (name: string) => string;
  style?: CSSProperties;
  /** Shown after the age, never cut (the verified badge). */
  badge?: ReactNode;
};

/**
 * "Kwabena, 20" on one line where the age always shows: a too long name is cut ("Kwab…, 20"), never
 * the age ("Kwabena, 2…"). The translation keeps its own order and words ("{{name}}, {{age}} ans"): the
 * parts before and after the name are fixed, the name is the flex item that shrinks. The name is
 * isolated in its own direction (`<bdi dir="auto">`, as MemberText).
 *
 * A cut name's box is narrowed to its ellipsis (text-width.ts): the browser draws "…" after the last
 * letter that fits and leaves the rest of the box blank, which read as a space before the comma
 * ("Mam… , 18"). The whole name stays the element's text, for screen readers and search.
 */
export function NameAge({ name, format, style, badge }: Props) {
  const [before = '', after = ''] = format(NAME_MARK).split(NAME_MARK);
  const nameRef = useRef<HTMLElement>(null);
  const [cutWidth, setCutWidth] = useState<number | null>(null);

  useLayoutEffect(() => {
    const element = nameRef.current;
    const row = element?.parentElement;
    if (!element || !row || !canMeasureText()) return;
    const fit = () => {
      // What the row leaves to the name once the words around it have their width.
      let room = row.clientWidth;
      for (const part of row.children) if (part !== element) room -= part.getBoundingClientRect().width;
      const { fontStyle, fontWeight, fontSize, fontFamily } = getComputedStyle(element);
      setCutWidth(ellipsisWidth(name, `${fontStyle} ${fontWeight} ${fontSize} ${fontFamily}`, room));
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(row);
    // The words around the name too: a style that reaches the card after the first fit (its sheet
    // arriving late on a slow line) changes their width and the name's font, not the row's width.
    for (const part of row.children) if (part !== element) observer.observe(part);
    return () => observer.disconnect();
  }, [name, before, after]);

  return (
    <span style={{ ...ROW, ...style }}>
      {before && <span style={FIXED}>{before}</span>}
      <bdi
        ref={nameRef}
        dir="auto"
        style={cutWidth === null ? NAME : { ...NAME, maxWidth: cutWidth }}
        data-name=""
      >
        {name}
      </bdi>
      {after && (
        <span style={FIXED} data-age="">
          {after}
        </span>
      )}
      {badge}
    </span>
  );
}
