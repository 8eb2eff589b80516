/**
 * Taps made on a page painted from HTML before any of its scripts ran. The pages' start script
 * (apps/web/build/painted-start.ts) keeps a tap made before the app has the page and gives it back
 * once React holds the control; but it is a request of its own, run once the page is parsed, and a
 * tap before it ran was lost ("Send" on a painted post did nothing). So the page's head carries this
 * recorder inline, before anything is drawn: it keeps such taps, in order, until the start script
 * takes them over. The server allows it by its hash in the Content-Security-Policy (`script-src`), the
 * web build writes it into each page that loads the start script: both read it from here.
 */

/** The controls a tap before the takeover is kept for: those the app handles (a link works without it). */
export const TAPPABLE = 'button, [role="button"], [role="tab"], [role="menuitem"], summary';

/** Set on the page's `<html>` by the start script once it keeps the taps itself, the recorder stopped. */
export const TAPS_KEPT_ATTRIBUTE = 'data-taps-kept';

/** Where the recorder leaves the taps for the start script: `{ taps: Element[], stop(): void }`. */
export const EARLY_TAPS_GLOBAL = '__motemaEarlyTaps';

/**
 * The recorder, plain JavaScript run inline: a tap on a control inside the page's root (not a link)
 * does nothing of its own and is kept; a second tap on a control already kept adds nothing, except on
 * a toggle (aria-pressed), whose every tap counts.
 */
export const EARLY_TAP_RECORDER = `(() => {
  const taps = [];
  const record = (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest('a[href]')) return;
    const control = target.closest(${JSON.stringify(TAPPABLE)});
    if (!control || !document.getElementById('root')?.contains(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!taps.includes(control) || control.hasAttribute('aria-pressed')) taps.push(control);
  };
  addEventListener('click', record, true);
  window.${EARLY_TAPS_GLOBAL} = { taps, stop: () => removeEventListener('click', record, true) };
})();`;

/** The recorder's tag, for the head of a page. */
export const EARLY_TAP_RECORDER_TAG = `<script>${EARLY_TAP_RECORDER}</script>`;
