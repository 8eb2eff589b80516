let context: CanvasRenderingContext2D | null | undefined;

/** The canvas context that measures text, made once; null where there is none (a test's DOM). */
function measuring(): CanvasRenderingContext2D | null {
  if (context === undefined) {
    try {
      context = document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
  }
  return context;
}

/** Whether text can be measured here: without it nothing is read from the page either. */
export const canMeasureText = () => measuring() !== null;

/** The width of `text` drawn in `font` (a CSS font shorthand); null where no canvas measures text. */
function widthOf(text: string, font: string): number | null {
  const context = measuring();
  if (!context) return null;
  context.font = font;
  const width = context.measureText(text).width;
  return Number.isFinite(width) ? width : null;
}

/** Subpixel slack: the box is never narrower than what the browser draws in it. */
const SLACK_PX = 0.5;

/**
 * The width of the longest start of `text` followed by "…" that fits in `room` px, so that a box of
 * that width with `text-overflow: ellipsis` ends right after its "…"; null when `text` fits whole or
 * nothing can be measured (the box then keeps its own width).
 */
export function ellipsisWidth(text: string, font: string, room: number): number | null {
  const whole = widthOf(text, font);
  if (whole === null || whole <= room) return null;
  const letters = Array.from(text);
  const cut = (count: number) => `${letters.slice(0, count).join('').trimEnd()}…`;
  let fits = 0;
  let low = 1;
  let high = letters.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((widthOf(cut(middle), font) ?? Infinity) <= room) {
      fits = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  const width = widthOf(cut(fits), font);
  return width === null ? null : Math.min(room, width + SLACK_PX);
}
