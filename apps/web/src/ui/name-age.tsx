import type { CSSProperties } from 'react';

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
};

/**
 * "Kwabena, 20" on one line where the age always shows: a too long name is cut ("Kwab…, 20"), never
 * the age ("Kwabena, 2…"). The translation keeps its own order and words ("{{name}}, {{age}} ans"): the
 * parts before and after the name are fixed, the name is the flex item that shrinks. The name is
 * isolated in its own direction (`<bdi dir="auto">`, as MemberText).
 */
export function NameAge({ name, format, style }: Props) {
  const [before = '', after = ''] = format(NAME_MARK).split(NAME_MARK);
  return (
    <span style={{ ...ROW, ...style }}>
      {before && <span style={FIXED}>{before}</span>}
      <bdi dir="auto" style={NAME} data-name="">
        {name}
      </bdi>
      {after && (
        <span style={FIXED} data-age="">
          {after}
        </span>
      )}
    </span>
  );
}
